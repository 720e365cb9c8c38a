import type { FunnelReport } from '@studynest/contracts';
import { formatPercent } from './period.ts';

const STAGE_LABELS: Record<FunnelReport['stages'][number]['stage'], string> = {
  inspection_booked: 'Inspections booked',
  agent_fee_paid: 'Agent fee paid',
  rent_paid: 'Rent paid',
};

/** Inspections booked → agent fee paid → rent paid, as bars sized by count and a list a screen reader reads. */
export function FunnelSection({ report }: { report: FunnelReport }) {
  const first = report.stages[0]?.count ?? 0;
  return (
    <ol className="flex flex-col gap-3">
      {report.stages.map((s) => (
        <li key={s.stage} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-semibold">{STAGE_LABELS[s.stage]}</span>
            <span>
              <strong className="text-base">{s.count}</strong>
              {s.percent_of_previous !== null && (
                <span className="text-muted">
                  {' '}
                  · {formatPercent(s.percent_of_previous)} of the step before
                </span>
              )}
            </span>
          </div>
          <div className="h-3 rounded-full bg-subtle" aria-hidden="true">
            <div
              className="h-3 rounded-full bg-brand-600"
              style={{ width: `${first > 0 && s.count > 0 ? Math.max(2, (s.count / first) * 100) : 0}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}
