import type { HostelReviewAdmin } from '@studynest/contracts';
import { HOSTEL_REVIEW_LIMITS } from '@studynest/contracts/hostel-review-limits';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { useHideReview, useUnhideReview } from '../api/hostel-review-queries.ts';

/** One tenant's review as admins moderate it: hide with a reason (its author is e-mailed it), or show again. */
export function AdminHostelReview({ review }: { review: HostelReviewAdmin }) {
  const hide = useHideReview();
  const unhide = useUnhideReview();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonId = useId();
  const error = hide.error ?? unhide.error;
  const who = `${review.author_name} of ${review.hostel_name}`;
  return (
    <li className="card flex flex-col gap-3" data-testid="hostel-review-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg break-words">{review.hostel_name}</h2>
          <p className="text-sm text-muted">
            {review.author_name} ({review.author_email}) ·{' '}
            <time dateTime={review.created_at}>{formatLagosDateTime(review.created_at)}</time>
            {review.edited_at ? ' · edited' : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-1 text-sm font-semibold">
          {review.report_count > 0 && (
            <span className="rounded-full border border-accent-600/30 bg-warn-50 px-3 py-1 text-warn-700">
              Reported {review.report_count}×
            </span>
          )}
          {review.hidden && (
            <span className="rounded-full border border-line bg-subtle px-3 py-1 text-muted">Hidden</span>
          )}
        </div>
      </div>
      <Stars rating={review.rating} />
      <p className="leading-relaxed break-words whitespace-pre-line text-ink">{review.text}</p>
      {review.hidden && <p className="text-sm text-muted">Hidden because: {review.hidden_reason}</p>}
      {error && <Alert tone="error">{error.message}</Alert>}
      {review.hidden ? (
        <button
          type="button"
          className="btn-secondary self-start"
          disabled={unhide.isPending}
          aria-label={`Show the review by ${who} again`}
          onClick={() => unhide.mutate(review._id)}
        >
          Show again
        </button>
      ) : (
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const given = reason.trim();
            setMissing(!given);
            if (given) hide.mutate({ id: review._id, reason: given }, { onSuccess: () => setReason('') });
          }}
        >
          <label htmlFor={reasonId} className="label">
            Reason for hiding (e-mailed to the author)
          </label>
          <input
            id={reasonId}
            className="input"
            value={reason}
            maxLength={HOSTEL_REVIEW_LIMITS.maxReason}
            aria-invalid={missing}
            aria-describedby={missing ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {missing && (
            <p id={`${reasonId}-error`} className="field-error">
              Say why, so its author knows
            </p>
          )}
          <button
            type="submit"
            className="btn-secondary self-start"
            disabled={hide.isPending}
            aria-label={`Hide the review by ${who}`}
          >
            Hide
          </button>
        </form>
      )}
    </li>
  );
}
