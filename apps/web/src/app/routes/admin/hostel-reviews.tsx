import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Pager, pageSummary } from '../../../components/ui/pager.tsx';
import { PageLoading } from '../../../components/ui/spinner.tsx';
import {
  ADMIN_REVIEWS_PAGE,
  hostelReviewQueries,
} from '../../../features/hostel-reviews/api/hostel-review-queries.ts';
import { AdminHostelReview } from '../../../features/hostel-reviews/components/admin-hostel-review.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** Tenants' reviews of hostels, reported ones first (docs/domain.md, "Hostel reviews"). */
export function Component() {
  useDocumentTitle('Hostel reviews');
  const [offset, setOffset] = useState(0);
  const reviews = useQuery({ ...hostelReviewQueries.admin(offset), placeholderData: keepPreviousData });
  if (reviews.isPending) return <PageLoading label="Loading hostel reviews…" />;
  if (reviews.isError) return <QueryError error={reviews.error} retry={() => reviews.refetch()} />;
  const { items, total } = reviews.data;
  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Hostel reviews</h1>
        <p className="text-muted">
          Reviews by tenants, reported ones first. {pageSummary(offset, items.length, total, 'reviews')}
        </p>
      </div>
      {items.length === 0 ? (
        <p className="card text-muted">No hostel reviews yet. They appear here as tenants write them.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {items.map((r) => (
            <AdminHostelReview key={r._id} review={r} />
          ))}
        </ul>
      )}
      {total > ADMIN_REVIEWS_PAGE && (
        <Pager
          label="Hostel review pages"
          offset={offset}
          pageSize={ADMIN_REVIEWS_PAGE}
          total={total}
          loading={reviews.isFetching}
          onChange={setOffset}
        />
      )}
    </section>
  );
}
