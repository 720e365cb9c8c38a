import type {
  PaymentHistoryItem,
  PaymentInitiateInput,
  PaymentInitiateResponse,
  PaymentKind,
  Profile,
} from '@studynest/contracts';
import { PAYMENT_INITIATE_PATHS } from '@studynest/contracts/constants';
import type { RentPlanName } from '@studynest/contracts/rent-plan-terms';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { paths } from '../../../config/paths.ts';
import { api, apiDownload, hasErrorCode } from '../../../lib/api-client.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { PAYMENTS_NEED_A_CONNECTION, useOnline } from '../../../lib/use-online.ts';
import { verifyQuery } from './verify-query.ts';

export const paymentQueries = {
  verify: verifyQuery,
  /** GET /payments/mine: every payment of the signed-in person, newest first. */
  mine: () =>
    queryOptions({
      queryKey: ['payments', 'mine'],
      queryFn: ({ signal }) => api<PaymentHistoryItem[]>('/payments/mine', { signal }),
      staleTime: 0,
    }),
};

/**
 * Saves the server's receipt PDF of a successful payment under its receipt number, as the server
 * names it: SN-2026-000123.pdf (docs/domain.md, Receipts: the server holds the receipt number and
 * its verification code).
 */
export function useReceiptDownload(reference: string, receiptNumber: string | null) {
  return useMutation({
    mutationFn: () =>
      apiDownload(
        `/payments/${encodeURIComponent(reference)}/receipt.pdf`,
        `${receiptNumber ?? 'receipt'}.pdf`,
      ),
  });
}

type InitiateInput = Omit<PaymentInitiateInput, 'callback_url'>;

/** Where the provider sends the browser back after checkout: this site's receipt page for the kind. */
const callbackFor = (kind: PaymentKind) =>
  window.location.origin + (kind === 'rent' ? paths.rentReceipt.getHref() : paths.receipt.getHref());

/** Start paying → checkoutLink. The caller sends the browser there. */
export function initiatePayment(kind: PaymentKind, input: InitiateInput) {
  return api<PaymentInitiateResponse>(PAYMENT_INITIATE_PATHS[kind], {
    method: 'POST',
    body: { ...input, callback_url: callbackFor(kind) },
  });
}

/**
 * Start a payment and leave for the checkout page. Treat `isPending || isSuccess` as busy: after
 * success the browser is on its way to the checkout. Coming back with the Back button may restore
 * this page from the back/forward cache, so the mutation is reset then and the buttons work again.
 */
export function usePayAndCheckout(kind: PaymentKind) {
  const mutation = useMutation({
    mutationFn: async (input: InitiateInput) => {
      const { checkoutLink } = await initiatePayment(kind, input);
      window.location.assign(checkoutLink);
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
  return mutation;
}

/**
 * Starting a rent payment, as the profile's Rent Details and the rent plan page both do (here, with
 * the other payment starts, so the two screens share it without a download of its own): the room
 * (from the agent-fee payment for her hostel: the profile carries no other room), the running year
 * and its plan, and why paying is closed now. Renewal opens 60 days before the due date and never
 * while notice is given; paying a part of the running year is not a renewal (docs/domain.md, "Rent
 * plans"), so only a lost connection stops it.
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
  return {
    pay,
    hostel,
    room,
    rent,
    year,
    owing,
    label: rent ? 'Renew Rent' : 'Pay Rent',
    button: { closedBecause, closedId, busy: pay.isPending || pay.isSuccess },
    /** Start the checkout: `amount` as she saw it (the server checks it), `plan` for a year not started. */
    payFor: (more: { amount?: number; plan?: RentPlanName }) => {
      if (room && hostel) {
        pay.mutate({ room_id: room._id, hostel_id: hostel._id, booking_id: agent?.booking._id, ...more });
      }
    },
    /**
     * Where a refused rent payment leads: with paperwork required (an admin setting), the server asks
     * for approved documents, then for her accepted agreement; each answer leads to the page that
     * settles it.
     */
    wayOn: hasErrorCode(pay.error, 'documents_required')
      ? { to: paths.documents.getHref(), text: 'Send or check your documents' }
      : room && hasErrorCode(pay.error, 'agreement_required')
        ? { to: paths.tenancyAgreement.getHref(room._id), text: 'Read and accept the tenancy agreement' }
        : null,
  };
}
