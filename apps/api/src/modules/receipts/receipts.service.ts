import { createHmac, timingSafeEqual } from 'node:crypto';
import { PAYMENT_KIND_OF, PAYMENT_TYPE_OF, type ReceiptVerification } from '@studynest/contracts';
import { buildReceipt } from '@studynest/contracts/receipt';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuthUser, assertAdminReady, users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import { payments, RECEIPT_NUMBER } from '../payments/index.ts';
import { refundedAmount } from '../refunds/index.ts';
import { joinWhoAndWhere, rooms } from '../rooms/index.ts';
import { findPayment } from './payment-detail.ts';
import type { ReceiptPdfs } from './receipt-pdf-store.ts';

/** 128 bits of HMAC-SHA256, base64url: 22 characters (docs/decisions/0014-receipts.md). */
const MAC_BYTES = 16;

const macOf = (jwtSecret: string, receiptNumber: string) =>
  createHmac('sha256', derivedKey(jwtSecret, 'receipt-verification'))
    .update(receiptNumber)
    .digest()
    .subarray(0, MAC_BYTES);

/** The code printed on a receipt (and in its QR code): `SN-2026-000123.<mac>`. */
export const receiptCode = ({ config }: Pick<Deps, 'config'>, receiptNumber: string) =>
  `${receiptNumber}.${macOf(config.jwtSecret, receiptNumber).toString('base64url')}`;

/** The receipt number a code vouches for, or null for anything we did not issue (altered, cut short). */
export function receiptNumberOf({ config }: Pick<Deps, 'config'>, code: string): string | null {
  const dot = code.lastIndexOf('.');
  const receiptNumber = code.slice(0, dot);
  const mac = Buffer.from(code.slice(dot + 1), 'base64url');
  if (dot < 0 || !RECEIPT_NUMBER.test(receiptNumber) || mac.length !== MAC_BYTES) return null;
  // base64url decoding ignores stray characters; only the exact canonical text counts.
  if (mac.toString('base64url') !== code.slice(dot + 1)) return null;
  return timingSafeEqual(mac, macOf(config.jwtSecret, receiptNumber)) ? receiptNumber : null;
}

/** "Chiamaka O.": enough for the holder of a printout to recognise, too little to find the person. */
export const maskedName = (first: string, last: string) => {
  const initial = last.trim().charAt(0).toUpperCase();
  return initial ? `${first.trim()} ${initial}.` : first.trim();
};

/** What a receipt number stands for, from the database: null when no successful payment has it. */
export async function findReceipt(
  { db }: Pick<Deps, 'db'>,
  receiptNumber: string,
): Promise<ReceiptVerification | null> {
  const [row] = await joinWhoAndWhere(
    db
      .select({
        kind: payments.kind,
        amount: payments.amount,
        paidAt: payments.paidAt,
        receiptNumber: payments.receiptNumber,
        hostelName: hostels.hostelName,
        roomNumber: rooms.roomNumber,
        unit: rooms.unit,
        firstName: users.firstName,
        lastName: users.lastName,
        refunded: refundedAmount(payments.id),
      })
      .from(payments)
      .$dynamic(),
    payments,
  )
    .where(and(eq(payments.receiptNumber, receiptNumber), eq(payments.status, 'success')))
    .limit(1);
  if (!row?.receiptNumber || !row.paidAt) return null;
  return {
    valid: true,
    receipt_number: row.receiptNumber,
    payment_type: PAYMENT_TYPE_OF[row.kind],
    amount: row.amount,
    currency: 'NGN',
    paid_at: row.paidAt.toISOString(),
    hostel_name: row.hostelName,
    room_number: row.roomNumber,
    unit: row.unit,
    payer: maskedName(row.firstName, row.lastName),
    // Owed back (needs_refund) is still paid; money given back (a processed refund) is refunded.
    status: Number(row.refunded) > 0 ? 'refunded' : 'paid',
    refunded_amount: Number(row.refunded),
  };
}

export const NOT_A_RECEIPT =
  'This is not a StudyNest receipt code. Check that it was copied in full, or ask the payer for the receipt PDF.';

/** GET /receipts/verify/{code}. */
export async function verifyReceiptCode(
  deps: Pick<Deps, 'db' | 'config'>,
  code: string,
): Promise<ReceiptVerification> {
  const receiptNumber = receiptNumberOf(deps, code);
  const receipt = receiptNumber ? await findReceipt(deps, receiptNumber) : null;
  if (!receipt) throw notFound(NOT_A_RECEIPT);
  return receipt;
}

/** Where a receipt's QR code leads: our verification page for its code. */
export const verifyPageUrl = (deps: Pick<Deps, 'config'>, receiptNumber: string) =>
  `${deps.config.publicUrl}/verify/${receiptCode(deps, receiptNumber)}`;

/**
 * GET /payments/{reference}/receipt.pdf: the payer's or an admin's copy of a successful payment's
 * receipt, and the name to save it under. The receipt's words are made from the database on every request (one query, two for a
 * rent), so the PDF stored for them is always the current one; only drawing it is saved
 * (receipt-pdf-store.ts).
 */
export async function receiptPdf(
  deps: Pick<Deps, 'db' | 'config'>,
  pdfs: ReceiptPdfs,
  user: AuthUser,
  reference: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const payment = await findPayment(deps, reference);
  if (!payment) throw notFound('No payment has this reference');
  if (payment.userId !== user.id) {
    if (user.role !== 'admin') throw forbidden('You can only download receipts for your own payments');
    assertAdminReady(deps.config, user);
  }
  const { detail } = payment;
  if (detail.status !== 'success' || !detail.receipt_number) {
    throw conflict('This payment has not gone through, so it has no receipt');
  }
  const receipt = buildReceipt(PAYMENT_KIND_OF[detail.payment_type], detail, payment.refunded);
  const pdf = await pdfs.pdfFor(receipt, verifyPageUrl(deps, detail.receipt_number));
  // Saved under its receipt number (SN-2026-000123.pdf): a folder of receipts sorts and reads by it.
  return { pdf, fileName: `${detail.receipt_number}.pdf` };
}
