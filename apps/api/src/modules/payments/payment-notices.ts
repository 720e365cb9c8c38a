import { formatNaira, PAYMENT_KIND_LABELS } from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { type NewMessage, recordMessages } from '../messages/index.ts';
import { joinWhoAndWhere, rooms } from '../rooms/index.ts';
import { payments } from './payments.schema.ts';

const RECEIPT_PAGE = {
  agent_fee: '/receipt-page',
  rent: '/rent-receipt',
  caution_fee: '/receipt-page',
} as const;

/**
 * Tell the payer that a payment went through, in the transaction that applied it: an e-mail, and a
 * text when they allow texts. A payment that came too late for its room says so instead. Keyed by
 * the payment, so however many times it is verified, it is announced once.
 */
export async function recordPaymentNotice(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  paymentId: string,
): Promise<string[]> {
  const [row] = await joinWhoAndWhere(
    tx
      .select({
        payment: payments,
        email: users.email,
        phone: users.phoneNumber,
        firstName: users.firstName,
        texts: users.notifySms,
        roomNumber: rooms.roomNumber,
        hostelName: hostels.hostelName,
      })
      .from(payments)
      .$dynamic(),
    payments,
  )
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!row) return [];
  const { payment } = row;
  const amount = formatNaira(payment.amount);
  const what = PAYMENT_KIND_LABELS[payment.kind].toLowerCase();
  const place = `${row.roomNumber}, ${row.hostelName}`;
  const receipt = `${deps.config.publicUrl}${RECEIPT_PAGE[payment.kind]}?reference=${encodeURIComponent(payment.reference)}`;
  const why =
    payment.refundReason === 'inspection_cancelled'
      ? 'you had cancelled this inspection'
      : payment.refundReason === 'duplicate'
        ? 'you had already paid it'
        : 'the room had already gone to someone else';
  const summary = payment.needsRefund
    ? `We received your ${what} of ${amount} for ${place}, but ${why}. We will refund you in full; nothing else is needed from you.`
    : `We received your ${what} of ${amount} for ${place}. Thank you!`;
  const messages: NewMessage[] = [
    {
      channel: 'email',
      to: row.email,
      userId: payment.userId,
      topic: 'payment',
      subject: payment.needsRefund
        ? `StudyNest: your ${what} will be refunded`
        : `StudyNest: ${amount} received`,
      text: `Hello ${row.firstName},\n\n${summary}\n\nPayment type: ${PAYMENT_KIND_LABELS[payment.kind]}\nReference: ${payment.reference}\nYour receipt: ${receipt}`,
      key: `payment-notice:${payment.id}:email`,
    },
  ];
  const phone = nigerianMobile(row.phone);
  if (row.texts && phone) {
    messages.push({
      channel: 'sms',
      to: phone,
      userId: payment.userId,
      topic: 'payment',
      text: `StudyNest: ${summary} Ref ${payment.reference}`,
      key: `payment-notice:${payment.id}:sms`,
    });
  }
  return recordMessages(tx, messages);
}
