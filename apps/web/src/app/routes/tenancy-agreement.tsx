import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { QueryError } from '../../components/ui/alert.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { agreementQueries } from '../../features/agreements/api/agreement-queries.ts';
import { AgreementView, SignedAgreements } from '../../features/agreements/components/agreement-view.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The tenancy agreement for the rent of a room (docs/domain.md, "Tenancy agreement"): a page of its
 * own, loaded only when opened, so the profile does not carry it.
 */
export function Component() {
  useDocumentTitle('Tenancy agreement');
  const session = useSession();
  const location = useLocation();
  const { roomId = '' } = useParams();
  const agreement = useQuery({ ...agreementQueries.forRent(roomId), enabled: Boolean(session) });
  const mine = useQuery({ ...agreementQueries.mine(), enabled: Boolean(session) });

  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title="Tenancy agreement" />
      {agreement.isPending ? (
        <PageLoading label="Preparing your agreement…" />
      ) : agreement.isError ? (
        <QueryError error={agreement.error} retry={() => agreement.refetch()} />
      ) : (
        <AgreementView agreement={agreement.data} roomId={roomId} userId={session.userId} />
      )}
      {mine.data && <SignedAgreements agreements={mine.data} />}
    </div>
  );
}
