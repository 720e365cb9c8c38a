import type { Profile } from '@studynest/contracts';
import type { RentPlanName } from '@studynest/contracts/rent-plan-terms';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { formatLagosDate, formatNaira, todayInLagos } from '../../../lib/format.ts';
import { PAYMENTS_NEED_A_CONNECTION, useOnline } from '../../../lib/use-online.ts';
import { usePayAndCheckout } from '../api/payment-queries.ts';

// Only students whose room offers a plan download the plan's chooser and parts table.
const RentPlanChooser = lazy(() =>
  import('./rent-plan-pay.tsx').then((m) => ({ default: m.RentPlanChooser })),
);
const RentParts = lazy(() => import('./rent-plan-pay.tsx').then((m) => ({ default: m.RentParts })));

function daysLeftText(countdown: number): string {
  if (countdown > 1) return `${countdown} days`;
  if (countdown === 1) return '1 day';
  if (countdown === 0) return 'Due today';
  return `Overdue by ${-countdown} day${countdown === -1 ? '' : 's'}`;
}

/**
 * Profile → Rent Details (docs/domain.md, "Tenancy"): the student's hostel and room,
 * rent start and due dates, the real number of days left, and the button that starts the rent
 * payment. The button reads 'Renew Rent' once the student is a tenant (paying again adds the next
 * 12 months); before the first rent payment it reads 'Pay Rent'. (The spec's rule — Renew whenever
 * an agent-fee payment and a hostel exist — would label a first payment "Renew", since a paid agent
 * fee is what gives a student a hostel.) Renewal opens 60 days before the due date and never while
 * notice is given: until then the button stays, disabled, with the reason beside it (the server
 * would refuse the payment anyway).
 */
export function RentDetails({
  profile,
  roomPlan,
}: {
  profile: Profile;
  /**
   * The plan the room offers for a year not started yet (from the room itself: the profile does
   * not carry it): 'loading' while it is asked for; undefined offers the full year only.
   */
  roomPlan?: RentPlanName | 'loading' | undefined;
}) {
  const pay = usePayAndCheckout('rent');
  const online = useOnline();
  const closedId = useId();
  const hostel = profile.hostel;
  if (!hostel) return null;
  const agent = profile.agentFeePayment;
  // The room comes from the agent-fee payment for this hostel (the profile carries no other room).
  const room = agent && agent.hostel._id === hostel._id ? agent.room : null;
  const rent = profile.rentDetails;
  const busy = pay.isPending || pay.isSuccess;
  const label = rent ? 'Renew Rent' : 'Pay Rent';
  const renewal = rent?.renewal;
  // The running year on a plan; `owing` while parts of it are unpaid (no renewal until they are).
  const year = rent?.plan.plan === 'full' ? null : rent?.plan;
  const owing = year?.next ? year : null;
  const closedBecause =
    renewal && !renewal.open && !owing
      ? (renewal.message ?? `Renewal opens on ${formatLagosDate(renewal.opens_on)}.`)
      : online
        ? null
        : PAYMENTS_NEED_A_CONNECTION;
  // A year not started (a first rent, a renewal) in a room with a plan: she chooses.
  const choosePlan = !owing && roomPlan && roomPlan !== 'full' && roomPlan !== 'loading' ? roomPlan : null;
  const button = { closedBecause, closedId, busy };
  const payFor = (more: { amount?: number; plan?: RentPlanName }) =>
    room && pay.mutate({ room_id: room._id, hostel_id: hostel._id, booking_id: agent?.booking._id, ...more });

  return (
    <CardSection title="Rent Details">
      <div className="overflow-x-auto">
        <table className="table-base">
          <tbody>
            <Row label="Hostel name">{hostel.hostel_name}</Row>
            <Row label="Unit">
              <span className="capitalize">{room?.unit ?? '—'}</span>
            </Row>
            <Row label="Apartment">
              <span className="capitalize">{room?.room_number ?? '—'}</span>
            </Row>
            <Row label="Start date">{rent ? formatLagosDate(rent.rentStartDate) : 'Not started yet'}</Row>
            <Row label="Due date">{rent ? formatLagosDate(rent.rentDueDate) : '—'}</Row>
            <Row label="Days left">{rent ? daysLeftText(rent.countdown) : '—'}</Row>
          </tbody>
        </table>
      </div>
      {!rent && (
        <p className="text-sm text-muted">
          Your tenancy starts on the day you pay the rent and runs for 12 months.
        </p>
      )}
      {pay.error && <Alert tone="error">{pay.error.message}</Alert>}
      {/* With paperwork required (an admin setting), the server asks for approved documents, then for
          her accepted agreement; each answer leads to the page that settles it. */}
      {hasErrorCode(pay.error, 'documents_required') && (
        <Link to={paths.documents.getHref()} className="btn-primary self-start">
          Send or check your documents
        </Link>
      )}
      {room && hasErrorCode(pay.error, 'agreement_required') && (
        <Link to={paths.tenancyAgreement.getHref(room._id)} className="btn-primary self-start">
          Read and accept the tenancy agreement
        </Link>
      )}
      {year && (
        <Suspense fallback={<Spinner label="Loading your rent plan…" />}>
          <RentParts state={year} onPay={(amount) => payFor({ amount })} {...button} />
        </Suspense>
      )}
      {room && choosePlan && (
        <Suspense fallback={<Spinner label="Loading rent plans…" />}>
          <RentPlanChooser
            plan={choosePlan}
            yearRent={room.price}
            // A renewal's year starts when the running one ends.
            start={rent ? rent.rentDueDate : todayInLagos()}
            label={label}
            // The full year keeps the price she saw, which the server checks; a plan's first part is its to work out.
            onPay={(plan) => payFor(plan === 'full' ? { amount: room.price, plan } : { plan })}
            {...button}
          />
        </Suspense>
      )}
      {room && !owing && roomPlan === 'loading' && <Spinner label="Loading how you can pay…" />}
      {room && !owing && !choosePlan && roomPlan !== 'loading' && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            Rent per year: <span className="font-bold text-brand-800">{formatNaira(room.price)}</span>
          </p>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || closedBecause !== null}
            aria-describedby={closedBecause ? closedId : undefined}
            onClick={() => payFor({ amount: room.price })}
          >
            {busy ? 'Starting payment…' : label}
          </button>
        </div>
      )}
      {!room && (
        <Alert tone="info">
          To pay rent online, contact support: we could not find the room of this tenancy.
        </Alert>
      )}
      {room && closedBecause && (
        <p id={closedId} className="text-sm text-muted">
          {closedBecause}
        </p>
      )}
    </CardSection>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row" className="w-2/5 font-medium!">
        {label}
      </th>
      <td>{children}</td>
    </tr>
  );
}
