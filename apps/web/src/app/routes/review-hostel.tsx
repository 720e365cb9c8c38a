import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { QueryError } from '../../components/ui/alert.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { hostelReviewQueries } from '../../features/hostel-reviews/api/hostel-review-queries.ts';
import { StayReviewForm } from '../../features/hostel-reviews/components/stay-review-form.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The student reviews the hostels she has rented in, one form per stay: a page of its own, linked
 * from the profile's Rent section, so the profile does not carry the form.
 */
export function Component() {
  useDocumentTitle('Review your hostel');
  const session = useSession();
  const location = useLocation();
  const stays = useQuery({ ...hostelReviewQueries.mine(), enabled: Boolean(session) });

  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title="Review your hostel" />
      {stays.isPending ? (
        <PageLoading label="Loading your stays…" />
      ) : stays.isError ? (
        <QueryError error={stays.error} retry={() => stays.refetch()} />
      ) : stays.data.length === 0 ? (
        <p className="text-muted">
          Reviews come from tenants: once you have rented a room through StudyNest, you can review that hostel
          here.
        </p>
      ) : (
        stays.data.map((stay) => <StayReviewForm key={stay.tenancy_id} stay={stay} />)
      )}
    </div>
  );
}
