import { BUSINESS, PAYMENT_KIND_LABELS, type PaymentKind } from './constants.ts';
import { formatLagosDate } from './format.ts';

// A module of its own: the profile's payment history names payments without loading the receipt.
/**
 * What a payment was for, as people read it on a receipt, on screen and on paper: "Agent fee",
 * "Caution deposit", "Rent, 12 months from 26 Nov 2026" (the months a rent paid for start on
 * `rentPeriodStart`, a Lagos calendar date; plain "Rent" when it is not known).
 */
export function paymentLabel(kind: PaymentKind, rentPeriodStart: string | null = null): string {
  if (kind === 'rent' && rentPeriodStart) {
    return `Rent, ${BUSINESS.leaseMonths} months from ${formatLagosDate(rentPeriodStart)}`;
  }
  return PAYMENT_KIND_LABELS[kind];
}
