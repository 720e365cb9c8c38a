import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { QueryError } from '../../components/ui/alert.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { roomQueries } from '../../features/hostels/api/hostel-queries.ts';
import { RentPlanPage } from '../../features/payments/components/rent-plan-pay.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Rent in parts (docs/domain.md, "Rent plans"): the running year's parts, and the choice of a plan
 * for a year not started. Her room and year come from her profile; the plan her room offers from the
 * room itself.
 */
export function Component() {
  useDocumentTitle('Your rent plan');
  const session = useSession();
  const location = useLocation();
  const profile = useQuery({ ...profileQuery(session?.userId ?? ''), enabled: Boolean(session) });
  const roomId = profile.data?.agentFeePayment?.room._id ?? '';
  const room = useQuery({ ...roomQueries.detail(roomId), enabled: Boolean(roomId) });

  if (!session) return <Navigate to={paths.login.getHref(location.pathname)} replace />;
  const failed = profile.isError ? profile : room.isError ? room : null;
  return (
    <div className="container-page flex max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title="Your rent plan" />
      {failed?.error ? (
        <QueryError error={failed.error} retry={() => failed.refetch()} />
      ) : profile.data && !profile.data.hostel ? (
        <p className="card text-sm text-muted">
          Once you have paid the agent fee for a room, you can pay its rent here.
        </p>
      ) : profile.data && (room.data || !roomId) ? (
        <RentPlanPage profile={profile.data} roomPlan={room.data?.rent_plan ?? 'full'} />
      ) : (
        <PageLoading label="Loading your rent…" />
      )}
    </div>
  );
}
