import type { ReviewAdmin, ReviewStatus } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { PageLoading } from '../../../components/ui/spinner.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { reviewQueries, useSetReviewStatus } from '../../../features/reviews/api/review-queries.ts';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const STATUS_STYLES: Record<ReviewStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-warn-50 text-warn-700 border-accent-600/30' },
  approved: { label: 'Approved', className: 'bg-ok-50 text-ok-700 border-ok-700/30' },
  hidden: { label: 'Hidden', className: 'bg-subtle text-muted border-line' },
};

/** What an admin can decide about a review; each button is off while the review already stands so. */
const DECISIONS = [
  { status: 'approved', verb: 'Approve', className: 'btn-primary' },
  { status: 'hidden', verb: 'Hide', className: 'btn-secondary' },
] as const satisfies { status: ReviewStatus; verb: string; className: string }[];

function ReviewCard({ review }: { review: ReviewAdmin }) {
  const setStatus = useSetReviewStatus();
  const style = STATUS_STYLES[review.status];
  const busy = setStatus.isPending;
  return (
    <li className="card flex flex-col gap-3" data-testid="review-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-lg break-words">{review.full_name}</h2>
          <p className="text-sm text-muted">
            <time dateTime={review.created_at}>{formatLagosDateTime(review.created_at)}</time>
          </p>
        </div>
        <span className={`rounded-full border px-3 py-1 text-sm font-semibold ${style.className}`}>
          {style.label}
        </span>
      </div>
      <Stars rating={review.rating} />
      <p className="leading-relaxed break-words whitespace-pre-line text-ink">{review.feedback}</p>
      {setStatus.isError && <Alert tone="error">{setStatus.error.message}</Alert>}
      <div className="flex flex-wrap gap-2">
        {DECISIONS.map(({ status, verb, className }) => (
          <button
            key={status}
            type="button"
            className={className}
            disabled={busy || review.status === status}
            aria-label={`${verb} the review by ${review.full_name}`}
            onClick={() => setStatus.mutate({ id: review._id, status })}
          >
            {verb}
          </button>
        ))}
      </div>
    </li>
  );
}

export function Component() {
  useDocumentTitle('Reviews');
  const reviews = useQuery(reviewQueries.all());
  if (reviews.isPending) return <PageLoading label="Loading reviews…" />;
  if (reviews.isError) return <QueryError error={reviews.error} retry={() => reviews.refetch()} />;
  const pending = reviews.data.filter((r) => r.status === 'pending').length;
  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Reviews</h1>
        <p className="text-muted">
          {reviews.data.length} {reviews.data.length === 1 ? 'review' : 'reviews'}, {pending} waiting for a
          decision. Approved reviews can appear on the home page (the newest one is shown).
        </p>
      </div>
      {reviews.data.length === 0 ? (
        <p className="card text-muted">No reviews yet. They appear here as soon as students send them.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {reviews.data.map((r) => (
            <ReviewCard key={r._id} review={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
