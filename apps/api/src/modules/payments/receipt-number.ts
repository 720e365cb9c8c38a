import { lagosDateOf } from '@studynest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { payments, receiptCounters } from './payments.schema.ts';

/** `SN-2026-000123`: the shape every receipt number has. */
export const RECEIPT_NUMBER = /^SN-\d{4}-\d{6}$/;

export const formatReceiptNumber = (year: number, n: number) => `SN-${year}-${String(n).padStart(6, '0')}`;

/**
 * Give a payment that has just turned success the next receipt number of its Lagos year. Runs in
 * the transaction that applied the payment: the upsert locks the year's counter row until that
 * transaction ends, so concurrent successes take consecutive numbers, and a rollback gives the
 * number back (no gaps, no reuse).
 */
export async function assignReceiptNumber(tx: Tx, paymentId: string, paidAt: Date): Promise<string> {
  const year = Number(lagosDateOf(paidAt).slice(0, 4));
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { last: sql`${receiptCounters.last} + 1` } })
    .returning({ last: receiptCounters.last });
  const receiptNumber = formatReceiptNumber(year, (counter as { last: number }).last);
  await tx.update(payments).set({ receiptNumber }).where(eq(payments.id, paymentId));
  return receiptNumber;
}
