import type { Profile, RentPlanState } from '@studynest/contracts';
import type { RentPlanName } from '@studynest/contracts/rent-plan-terms';
import { useId } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { PAYMENTS_NEED_A_CONNECTION, useOnline } from '../../../lib/use-online.ts';
import { usePayAndCheckout } from '../api/payment-queries.ts';

/** The part to pay next and what is left of it (a part may be partly paid), or null when the year is paid. */
export function nextPart(state: RentPlanState) {
  const next = state.next && state.parts.find((p) => p.number === state.next?.number);
  if (!next) return null;
  return { ...next, balance: next.amount - next.paid, late: next.status === 'late', of: state.parts.length };
}

/**
 * Starting a rent payment, as the profile's Rent Details and the rent plan page both do: the room
 * (from the agent-fee payment for her hostel: the profile carries no other room), the running year
 * and its plan, and why paying is closed now. Renewal opens 60 days before the due date and never
 * while notice is given; paying a part of the running year is not a renewal, so only a lost
 * connection stops it.
 */
export function useRentPayment(profile: Profile) {
  const pay = usePayAndCheckout('rent');
  const online = useOnline();
  const closedId = useId();
  const hostel = profile.hostel;
  const agent = profile.agentFeePayment;
  const room = hostel && agent && agent.hostel._id === hostel._id ? agent.room : null;
  const rent = profile.rentDetails;
  // The running year on a plan; `owing` while parts of it are unpaid (no renewal until they are).
  const year = rent && rent.plan.plan !== 'full' ? rent.plan : null;
  const owing = year?.next ? year : null;
  const renewal = rent?.renewal;
  const closedBecause =
    renewal && !renewal.open && !owing
      ? (renewal.message ?? `Renewal opens on ${formatLagosDate(renewal.opens_on)}.`)
      : online
        ? null
        : PAYMENTS_NEED_A_CONNECTION;
  const busy = pay.isPending || pay.isSuccess;
  return {
    pay,
    hostel,
    room,
    rent,
    year,
    owing,
    label: rent ? 'Renew Rent' : 'Pay Rent',
    button: { closedBecause, closedId, busy },
    /** Start the checkout: `amount` as she saw it (the server checks it), `plan` for a year not started. */
    payFor: (more: { amount?: number; plan?: RentPlanName }) => {
      if (room && hostel) {
        pay.mutate({ room_id: room._id, hostel_id: hostel._id, booking_id: agent?.booking._id, ...more });
      }
    },
  };
}

/**
 * What stopped the payment, and the way on: with paperwork required (an admin setting), the server
 * asks for approved documents, then for her accepted agreement; each answer leads to the page that
 * settles it.
 */
export function PayRentProblem({ error, roomId }: { error: Error | null; roomId: string | undefined }) {
  if (!error) return null;
  return (
    <>
      <Alert tone="error">{error.message}</Alert>
      {hasErrorCode(error, 'documents_required') && (
        <Link to={paths.documents.getHref()} className="btn-primary self-start">
          Send or check your documents
        </Link>
      )}
      {roomId && hasErrorCode(error, 'agreement_required') && (
        <Link to={paths.tenancyAgreement.getHref(roomId)} className="btn-primary self-start">
          Read and accept the tenancy agreement
        </Link>
      )}
    </>
  );
}
