import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { RentPlanTerms } from '../../components/ui/rent-plan-terms.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { BookInspectionForm } from '../../features/bookings/components/book-inspection-form.tsx';
import { hostelQueries, roomQueries } from '../../features/hostels/api/hostel-queries.ts';
import { HostelNotListed, isHostelGone } from '../../features/hostels/components/hostel-not-listed.tsx';
import { usePayAndCheckout } from '../../features/payments/api/payment-queries.ts';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  const session = useSession();
  const location = useLocation();
  const { roomId = '' } = useParams();

  // Only signed-in students may book (docs/domain.md, "Accounts"); come back here after logging in
  // or signing up. In the URL, so a reload or the sign-up screens keep it.
  if (!session) return <Navigate to={paths.login.getHref(location.pathname)} replace />;
  return <BookInspection roomId={roomId} userId={session.userId} />;
}

/**
 * Shown only when a booking is refused for an unconfirmed e-mail: the profile (asked for then, not
 * on every visit) gives the address, so the confirmation screen opens ready for the code.
 */
function ConfirmEmailLink({ userId }: { userId: string }) {
  const profile = useQuery(profileQuery(userId));
  const location = useLocation();
  return (
    <Link
      to={paths.signUpOtp.getHref(profile.data?.email, location.pathname)}
      state={{ message: 'Enter the code we e-mailed you, or choose Resend code for a new one.' }}
      className="mt-2 inline-block font-semibold underline"
    >
      Confirm your email address
    </Link>
  );
}

function BookInspection({ roomId, userId }: { roomId: string; userId: string }) {
  const room = useQuery(roomQueries.detail(roomId));
  const hostelId = room.data?.hostel ?? '';
  const hostel = useQuery({ ...hostelQueries.detail(hostelId), enabled: Boolean(hostelId) });
  const pay = usePayAndCheckout('agent_fee');

  const failed = room.isError ? room : hostel.isError ? hostel : null;
  useDocumentTitle(isHostelGone(failed?.error) ? 'Room no longer listed' : 'Book Inspection');
  // A room taken off StudyNest, or in a hostel that closed: nothing to try again.
  if (isHostelGone(failed?.error)) return <HostelNotListed subject="room" />;
  if (failed?.error) {
    return (
      <section className="container-page max-w-2xl py-10">
        <h1 className="mb-4 text-2xl">Book Inspection</h1>
        <QueryError error={failed.error} retry={() => failed.refetch()} />
        <Link to={paths.home.getHref()} className="btn-secondary mt-4">
          Back to the home page
        </Link>
      </section>
    );
  }
  if (!room.data || !hostel.data) return <PageLoading label="Loading room…" />;
  const r = room.data;
  const h = hostel.data;

  return (
    <section className="container-page flex max-w-2xl flex-col gap-5 py-6 sm:py-10">
      <div>
        <Link
          to={paths.hostel.getHref(h._id)}
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          ← {h.hostel_name}
        </Link>
        <h1 className="mt-2 text-2xl sm:text-3xl">Book Inspection</h1>
      </div>
      <div className="card flex flex-col gap-3">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm sm:text-base">
          <dt className="text-muted">Hostel</dt>
          <dd className="font-semibold break-words">{h.hostel_name}</dd>
          <dt className="text-muted">Unit</dt>
          <dd className="font-semibold capitalize">{r.unit}</dd>
          <dt className="text-muted">Apartment</dt>
          <dd className="font-semibold capitalize">{r.room_number}</dd>
        </dl>
        {/* How the rent may be paid, said before the agent fee is (docs/domain.md, "Rent plans"). */}
        <RentPlanTerms plan={r.rent_plan} />
      </div>
      <BookInspectionForm
        room={r}
        hostel={h}
        pay={(input) => pay.mutateAsync(input)}
        paying={pay.isPending || pay.isSuccess}
        payError={pay.error}
        confirmEmailLink={<ConfirmEmailLink userId={userId} />}
      />
    </section>
  );
}
