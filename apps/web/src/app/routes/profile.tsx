import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert, QueryError } from '../../components/ui/alert.tsx';
import { CardSection } from '../../components/ui/card-section.tsx';
import { PageLoading, Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { sessionQueries } from '../../features/account/api/session-queries.ts';
import { SessionList } from '../../features/account/components/session-list.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { ConfirmPasswordModal } from '../../features/auth/components/confirm-password-modal.tsx';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { CancelInspection } from '../../features/bookings/components/cancel-inspection.tsx';
import { PaymentDetails } from '../../features/payments/components/payment-details.tsx';
import { PaymentHistory } from '../../features/payments/components/payment-history.tsx';
import { RentDetails } from '../../features/payments/components/rent-details.tsx';
import { MoveOutStatement } from '../../features/tenancies/components/move-out-statement.tsx';
import { TenancyNotice } from '../../features/tenancies/components/tenancy-notice.tsx';
import { EmergencyContactForm } from '../../features/users/components/emergency-contact-form.tsx';
import { MessagePreferences } from '../../features/users/components/message-preferences.tsx';
import { ProfileSummary } from '../../features/users/components/profile-summary.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useReauth } from '../../lib/use-reauth.ts';

// Only tenants see it, so everyone else never downloads the form and its photo handling.
const TenantMaintenance = lazy(() =>
  import('../../features/maintenance/components/tenant-maintenance.tsx').then((m) => ({
    default: m.TenantMaintenance,
  })),
);

export function Component() {
  const { userId = '' } = useParams();
  const session = useSession();
  const location = useLocation();
  const profile = useQuery({ ...profileQuery(userId), enabled: Boolean(session) });
  const isOwn = session?.userId === userId;
  useDocumentTitle(
    isOwn || !profile.data ? 'Your profile' : `${profile.data.first_name} ${profile.data.last_name}`,
  );

  // Spec: Login instead of Logout when nobody is signed in on this device.
  if (!session) {
    return (
      <section className="container-page flex flex-col items-start gap-4 py-10">
        <h1 className="text-2xl">Your profile</h1>
        <p className="text-muted">Log in to see your profile, payments and rent details.</p>
        <Link to={paths.login.getHref()} state={{ from: location.pathname }} className="btn-primary">
          Login
        </Link>
      </section>
    );
  }
  if (profile.isPending) return <PageLoading label="Loading profile…" />;
  if (profile.isError) {
    const forbidden = profile.error instanceof ApiError && profile.error.status === 403;
    return (
      <section className="container-page flex flex-col items-start gap-4 py-10">
        <h1 className="text-2xl">Profile</h1>
        {forbidden ? (
          <Alert tone="error">
            <p>You can only view your own profile.</p>
            <Link
              to={paths.profile.getHref(session.userId)}
              className="mt-2 inline-block font-semibold underline"
            >
              Go to your profile
            </Link>
          </Alert>
        ) : (
          <QueryError error={profile.error} retry={() => profile.refetch()} />
        )}
      </section>
    );
  }

  const data = profile.data;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfileSummary profile={data} actions={<LogoutButton />} />
      <PaymentDetails profile={data} canPay={isOwn} />
      {isOwn && data.agentFeePayment && (
        <CancelInspection
          payment={data.agentFeePayment}
          depositPaid={data.cautionFeePayment?.status === 'success' ? data.cautionFeePayment.amount : 0}
        />
      )}
      <RentDetails profile={data} />
      {isOwn && data.rentDetails && <TenancyNotice rent={data.rentDetails} />}
      {data.moveOutStatement && <MoveOutStatement statement={data.moveOutStatement} />}
      {isOwn && <PaymentHistory />}
      {/* A running tenancy is what the rent details show; the server checks it again. */}
      {isOwn && data.rentDetails && (
        <Suspense fallback={<Spinner label="Loading maintenance…" />}>
          <TenantMaintenance />
        </Suspense>
      )}
      <EmergencyContactForm key={data._id} profile={data} editable={isOwn} />
      {isOwn && <MessagePreferences profile={data} />}
      {isOwn && <AccountSecurity email={data.email} />}
    </div>
  );
}

/** Only on your own profile: password and the devices signed in to this account. */
function AccountSecurity({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const reauth = useReauth();
  return (
    <CardSection title="Account security" roomy>
      <ChangePasswordForm
        email={email}
        // The other sessions have just been signed out by the server.
        onChanged={() => queryClient.invalidateQueries({ queryKey: sessionQueries.list().queryKey })}
      />
      <div className="border-t border-line pt-6">
        <SessionList confirm={reauth.run} />
      </div>
      <ConfirmPasswordModal {...reauth.modal} />
    </CardSection>
  );
}
