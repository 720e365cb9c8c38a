import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { paths } from '../../config/paths.ts';
import { TransferAccount } from '../../features/transfers/components/transfer-account.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Paying by bank transfer, linked from her profile (docs/domain.md, "Bank transfers"): her own
 * account number and the transfers held as her credit. What a transfer paid shows with its receipt in
 * her profile's payment history.
 */
export function Component() {
  useDocumentTitle('Pay by bank transfer');
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title="Pay by bank transfer" />
      <TransferAccount />
    </div>
  );
}
