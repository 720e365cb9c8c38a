import {
  BUSINESS,
  COMPANY,
  PAYMENT_CHANNEL_LABELS,
  PAYMENT_KIND_LABELS,
  type PaymentKind,
} from './constants.ts';
import { formatInspection, formatLagosDate, formatLagosDateTime } from './format.ts';
import type { PaymentDetail } from './payments.ts';

/** One value on a receipt: plain text, or an amount (shown as ₦185,000). */
export type ReceiptValue = string | { naira: number };
export type ReceiptSection = { heading: string; rows: [label: string, value: ReceiptValue][] };
export type ReceiptNote = { heading: string; paragraphs: string[]; signature?: string };

/** What a receipt says: the web's screen and the API's PDF are both drawn from this, so they never disagree. */
export type ReceiptDocument = {
  title: string;
  subtitle: string;
  sections: ReceiptSection[];
  notes: ReceiptNote[];
  reference: string;
  /** `SN-2026-000123`; null only for a payment that has not succeeded. */
  receiptNumber: string | null;
  /** When the payment was made, already formatted for people. */
  paidOn: string | null;
  company: string;
  companyAddress: string;
};

export const RECEIPT_TITLE = 'Thank you for your payment!';
export const RECEIPT_SUBTITLE: Record<PaymentKind, string> = {
  agent_fee: 'Your room inspection booking has been successfully completed.',
  rent: 'Your rent payment has been successfully completed.',
  caution_fee: 'Your caution deposit has been received. It is held for you and returned when you move out.',
};

/**
 * What a payment was for, as people read it on a receipt, on screen and on paper: "Agent fee",
 * "Caution deposit", "Rent, 12 months from 26 Nov 2026" (the months a rent paid for start on
 * `rentPeriodStart`, a Lagos calendar date; plain "Rent" when it is not known); a part of a year
 * on a plan says which: "Rent, part 2 of 2 of the 12 months from 26 Nov 2026".
 */
export function paymentLabel(
  kind: PaymentKind,
  rentPeriodStart: string | null = null,
  rentParts: string | null = null,
): string {
  if (kind === 'rent' && rentPeriodStart) {
    const months = `${BUSINESS.leaseMonths} months from ${formatLagosDate(rentPeriodStart)}`;
    return rentParts ? `Rent, ${rentParts} of the ${months}` : `Rent, ${months}`;
  }
  return PAYMENT_KIND_LABELS[kind];
}

/** The line a rent receipt carries only once an agent has shown the payer the room. */
export const COLLECT_KEY_LINE =
  'Please collect your key from the same agent who showed you the room during your inspection.';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The receipt's words for a successful payment: one source for the screen and the PDF (docs/domain.md).
 * `refunded` is what processed refunds of it gave back, in naira: the PDF shows it (status
 * "Refunded" or "Partly refunded" and the amount); the return pages, shown as the payment is made,
 * leave it out.
 */
export function buildReceipt(kind: PaymentKind, p: PaymentDetail, refunded = 0): ReceiptDocument {
  const refund = p.needs_refund;
  const status = refunded <= 0 ? capitalise(p.status) : refunded >= p.amount ? 'Refunded' : 'Partly refunded';
  /** Every receipt opens with the status, what was paid for and how much (and how much came back). */
  const summary = (label: string, value: string): ReceiptSection => ({
    heading: 'Payment Summary',
    rows: [
      ['Status', status],
      ['Paid by', p.payer_name],
      [label, value],
      ['Amount', { naira: p.amount }],
      // How it was paid, when the provider said (older payments did not record it).
      ...(p.channel
        ? ([['Payment method', PAYMENT_CHANNEL_LABELS[p.channel]]] as ReceiptSection['rows'])
        : []),
      ...(refunded > 0 ? ([['Refunded', { naira: refunded }]] as ReceiptSection['rows']) : []),
    ],
  });
  const base = {
    title: refund ? 'Payment received' : RECEIPT_TITLE,
    subtitle: refund
      ? 'The room went to someone else before your payment arrived, so this payment will be refunded to you. Keep this receipt as proof of payment.'
      : RECEIPT_SUBTITLE[kind],
    reference: p.reference,
    receiptNumber: p.receipt_number,
    paidOn: p.paid_at ? formatLagosDateTime(p.paid_at) : null,
    company: COMPANY.name,
    companyAddress: COMPANY.postalAddress,
  };

  /** The receipt: the summary, the details of what was paid for, and a note unless it is to be refunded. */
  const receipt = (summaryRow: [string, string], details: ReceiptSection, note: ReceiptNote) => ({
    ...base,
    sections: [summary(...summaryRow), details],
    notes: refund ? [] : [note],
  });
  /** Where: the hostel and the room (as `roomLabel` names it), `more` rows, then the address. */
  const placeRows = (roomLabel: string, more: ReceiptSection['rows'] = []): ReceiptSection['rows'] => [
    ['Hostel name', p.hostel.hostel_name],
    [roomLabel, p.room.room_number],
    ['Unit type', p.room.unit],
    ...more,
    ['Hostel address', p.hostel.address],
  ];

  if (kind === 'agent_fee') {
    const inspection = p.booking ? formatInspection(p.booking.inspection_date_time) : null;
    return receipt(
      ['Payment type', paymentLabel(kind)],
      {
        heading: 'Booking Information',
        rows: placeRows('Apartment booked', [
          ['Inspection date and time', inspection ? `${inspection.date}, ${inspection.slot}` : 'Not set'],
        ]),
      },
      {
        heading: 'Reminder',
        paragraphs: [
          'Please arrive on time for your inspection.',
          'If you need to change the date or time, contact our support team before the inspection.',
        ],
      },
    );
  }

  if (kind === 'caution_fee') {
    return receipt(
      ['Payment type', paymentLabel(kind)],
      { heading: 'Deposit Information', rows: placeRows('Apartment') },
      {
        heading: 'About your deposit',
        paragraphs: [
          'This deposit is not rent. The company holds it while you live in the room.',
          'When you move out it is returned to you, less any itemised deductions for damage or unpaid charges.',
        ],
      },
    );
  }

  return receipt(
    ['Purpose', paymentLabel(kind, p.rent_period_start, p.rent_parts ?? null)],
    {
      heading: 'Rent Information',
      rows: [
        ...placeRows('Rented apartment'),
        ...(p.tenancy
          ? ([
              ['Rent start date', formatLagosDate(p.tenancy.rentStartDate)],
              ['Rent due date', formatLagosDate(p.tenancy.rentDueDate)],
            ] as [string, string][])
          : []),
      ],
    },
    {
      heading: 'Notice to the tenant',
      paragraphs: [
        'Your room is ready for you to move in.',
        // Paid before the inspection (or a renewal, with no booking): no agent has shown them the room.
        ...(p.inspection_held ? [COLLECT_KEY_LINE] : []),
        'Your rent due date and other details appear in your profile.',
      ],
      signature: COMPANY.name,
    },
  );
}
