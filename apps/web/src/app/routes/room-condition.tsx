import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { QueryError } from '../../components/ui/alert.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { TenantCondition } from '../../features/tenancies/components/tenant-condition.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The tenant records her room's condition at move-in: a page of its own, loaded only when opened,
 * so the profile does not carry the form and its photos. Her running tenancy comes from her profile.
 */
export function Component() {
  useDocumentTitle("Your room's condition");
  const session = useSession();
  const location = useLocation();
  const profile = useQuery({ ...profileQuery(session?.userId ?? ''), enabled: Boolean(session) });

  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  const rent = profile.data?.rentDetails;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title={"Your room's condition"} />
      {profile.isPending ? (
        <PageLoading label="Loading your tenancy…" />
      ) : profile.isError ? (
        <QueryError error={profile.error} retry={() => profile.refetch()} />
      ) : rent ? (
        <TenantCondition key={rent.tenancy_id} tenancyId={rent.tenancy_id} />
      ) : (
        <p className="card text-sm text-muted">
          You are not renting a room right now, so there is nothing to record. Once you move in, you can
          record your room's condition here.
        </p>
      )}
    </div>
  );
}
