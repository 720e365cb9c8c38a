import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Alert, QueryError } from '../../components/ui/alert.tsx';
import { InPart } from '../../components/ui/card-section.tsx';
import { PageLoading, Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { LogoutButton } from '../../features/auth/components/logout-button.tsx';
import { CancelInspection } from '../../features/bookings/components/cancel-inspection.tsx';
import { DocumentsStep } from '../../features/documents/components/documents-step.tsx';
import { roomQueries } from '../../features/hostels/api/hostel-queries.ts';
import { PaymentDetails } from '../../features/payments/components/payment-details.tsx';
import { PaymentHistory } from '../../features/payments/components/payment-history.tsx';
import { RentDetails } from '../../features/payments/components/rent-details.tsx';
import { MoveOutStatement } from '../../features/tenancies/components/move-out-statement.tsx';
import { RoomConditionLine } from '../../features/tenancies/components/room-condition-line.tsx';
import { TenancyNotice } from '../../features/tenancies/components/tenancy-notice.tsx';
import { EmergencyContactForm } from '../../features/users/components/emergency-contact-form.tsx';
import { ProfileSummary } from '../../features/users/components/profile-summary.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

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
  // The plan her room offers (the room's own answer: the profile does not carry it), asked for only
  // while she may start a year: before the first rent, and once a year is paid and renewal is open.
  const rent = profile.data?.rentDetails;
  const startsYear = rent ? rent.renewal.open && !rent.plan.next : true;
  const roomId = (isOwn && startsYear && profile.data?.agentFeePayment?.room._id) || '';
  const planRoom = useQuery({ ...roomQueries.detail(roomId), enabled: Boolean(roomId) });
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
  // A running tenancy is what the rent details show; the server checks it again.
  const tenant = isOwn && !!data.rentDetails;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfileSummary profile={data} actions={<LogoutButton />} />
      <nav
        aria-label="Profile sections"
        // At the top on a phone, where all five wrap onto two rows; kept in view from sm up (one row).
        className="-my-3 bg-white/95 py-2 sm:sticky sm:top-16 sm:z-20"
      >
        <ul className="flex flex-wrap gap-2 text-sm font-semibold">
          {PARTS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="block rounded-full bg-brand-50 px-3 py-2 text-brand-800">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Part n={0}>
        <PaymentDetails profile={data} canPay={isOwn} />
        {isOwn && data.agentFeePayment && (
          <CancelInspection
            payment={data.agentFeePayment}
            depositPaid={data.cautionFeePayment?.status === 'success' ? data.cautionFeePayment.amount : 0}
          />
        )}
        {isOwn && <PaymentHistory />}
        {isOwn && (
          // Its own page: her account number, its states, held credits and the sandbox's test transfer
          // would outweigh the rest of the profile (its journey budget).
          <Link to={paths.bankTransfer.getHref()} className="card font-semibold text-brand-800 underline">
            Pay by bank transfer to your own account number
          </Link>
        )}
      </Part>
      {/* Rent Details (and its Pay Rent button) come with a hostel: a paid agent fee. */}
      <Part n={1}>
        {isOwn && <DocumentsStep />}
        {data.hostel ? (
          <RentDetails profile={data} roomPlan={planRoom.data?.rent_plan} />
        ) : (
          <Empty when="book a room" />
        )}
        {isOwn && data.rentDetails && <RoomConditionLine condition={data.rentDetails.condition} />}
        {isOwn && (data.rentDetails || data.moveOutStatement) && (
          // Its own page: the review form stays out of the profile's download.
          <Link to={paths.reviewHostel.getHref()} className="card font-semibold text-brand-800 underline">
            Review your hostel
          </Link>
        )}
      </Part>
      <Part n={2}>
        {tenant ? (
          <Suspense fallback={<Spinner label="Loading maintenance…" />}>
            <TenantMaintenance />
          </Suspense>
        ) : (
          <Empty when="rent a room" />
        )}
      </Part>
      <Part n={3}>
        {isOwn && data.rentDetails && <TenancyNotice rent={data.rentDetails} />}
        {data.moveOutStatement ? (
          <MoveOutStatement statement={data.moveOutStatement} />
        ) : (
          !tenant && <Empty when="rent a room" />
        )}
      </Part>
      <Part n={4}>
        {isOwn && (
          <Link to={paths.saved.getHref()} className="card font-semibold text-brand-800 underline">
            Saved hostels and searches
          </Link>
        )}
        <EmergencyContactForm key={data._id} profile={data} editable={isOwn} />
        {isOwn && (
          // Its own page: the message and data saver switches, the password form, the devices list and
          // her data rights (correct, download, delete) would outweigh the rest of the profile (its
          // journey budget).
          <Link to={paths.accountSecurity.getHref()} className="card font-semibold text-brand-800 underline">
            Messages, data saver, password, devices and your data
          </Link>
        )}
      </Part>
    </div>
  );
}

/** The sections the profile's navigation jumps to: anchors, so they work before and without scripts. */
const PARTS = [
  ['payments', 'Payments'],
  ['rent', 'Rent'],
  ['maintenance', 'Maintenance'],
  ['moving-out', 'Moving out'],
  ['account', 'Account'],
] as const;

/**
 * A section a link jumps to: a landmark named as its heading reads, focusable, so following the link
 * moves focus (and a screen reader) there as well as the view, and clear of the sticky header (and
 * from sm up the sticky navigation). Its cards' titles sit a level below its own.
 */
function Part({ n, children }: { n: number; children: React.ReactNode }) {
  const [id, title] = PARTS[n] as (typeof PARTS)[number];
  return (
    <section
      id={id}
      aria-label={title}
      tabIndex={-1}
      className="flex scroll-mt-20 flex-col gap-6 outline-none sm:scroll-mt-32"
    >
      <h2 className="-mb-3 text-sm font-semibold text-muted uppercase">{title}</h2>
      <InPart.Provider value>{children}</InPart.Provider>
    </section>
  );
}

/** A section with nothing in it yet, and what opens it (the section's title says what it is). */
const Empty = ({ when }: { when: string }) => (
  <p className="card text-sm text-muted">Nothing here yet: this opens once you {when}.</p>
);
