import type { HostelRating, HostelReview } from '@studynest/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { RatingBadge } from '../../../components/ui/rating-badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { useSession } from '../../../lib/auth-storage.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { HOSTEL_REVIEWS_PAGE, hostelReviewQueries, useReportReview } from '../api/hostel-review-queries.ts';

function ReportButton({ review }: { review: HostelReview }) {
  const report = useReportReview();
  if (report.isSuccess)
    return (
      <p className="text-sm text-muted" role="status">
        {report.data.message}
      </p>
    );
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className="self-start text-sm text-muted underline"
        disabled={report.isPending}
        onClick={() => report.mutate(review._id)}
      >
        Report this review
      </button>
      {report.isError && <Alert tone="error">{report.error.message}</Alert>}
    </div>
  );
}

/**
 * Tenants' reviews on the hostel page (docs/domain.md, "Hostel reviews"): the average the server
 * rendered with the hostel, then the visible reviews newest first, a page at a time.
 */
export function HostelReviewsSection({
  hostelId,
  rating,
}: {
  hostelId: string;
  rating: HostelRating | null;
}) {
  const [offset, setOffset] = useState(0);
  const session = useSession();
  const reviews = useQuery({
    ...hostelReviewQueries.byHostel(hostelId, offset),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-3">
      <h2 id="reviews-heading" className="text-xl">
        Reviews from tenants
      </h2>
      {rating ? (
        <RatingBadge rating={rating} className="text-lg" />
      ) : (
        <p className="text-muted">No reviews yet. Only students who have rented a room here can review it.</p>
      )}
      {reviews.isPending && rating && <Spinner label="Loading reviews…" />}
      {reviews.isError && <QueryError error={reviews.error} retry={() => reviews.refetch()} />}
      {reviews.data && reviews.data.items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {reviews.data.items.map((r) => (
            <li key={r._id} className="card flex flex-col gap-1">
              <p className="flex flex-wrap items-center gap-x-2">
                <Stars rating={r.rating} />
                <strong>{r.author_name}</strong>
                <span className="text-sm text-muted">
                  {formatLagosDate(r.created_at)}
                  {r.edited_at ? ` · edited ${formatLagosDate(r.edited_at)}` : ''}
                </span>
              </p>
              <p className="leading-relaxed whitespace-pre-line">{r.text}</p>
              {session && <ReportButton review={r} />}
            </li>
          ))}
        </ul>
      )}
      {reviews.data && reviews.data.total > HOSTEL_REVIEWS_PAGE && (
        <Pager
          label="Review pages"
          offset={offset}
          pageSize={HOSTEL_REVIEWS_PAGE}
          total={reviews.data.total}
          loading={reviews.isFetching}
          onChange={setOffset}
          previous="Newer reviews"
          next="Older reviews"
        />
      )}
    </section>
  );
}
