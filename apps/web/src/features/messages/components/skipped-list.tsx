import type { SkippedRecipient } from '@studynest/contracts';

/** People in the audience who do not get the message, each with the reason. */
export function SkippedList({ skipped }: { skipped: SkippedRecipient[] }) {
  return (
    <details className="text-sm" open={skipped.length <= 5}>
      <summary className="cursor-pointer font-medium text-warn-700">
        {skipped.length === 1 ? '1 person is skipped' : `${skipped.length} people are skipped`}
      </summary>
      <ul className="mt-2 flex flex-col gap-1">
        {skipped.map((s) => (
          <li key={s.user._id}>
            <span className="font-medium capitalize">{s.user.name}</span>
            <span className="text-muted"> — {s.reason}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
