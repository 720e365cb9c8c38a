import { eq, inArray } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Deps } from '../../deps.ts';
import { jpegKey } from '../../storage/photos.ts';
import { listConsents, users } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { hostelReviews } from '../hostel-reviews/index.ts';
import { listMaintenanceRowsOf } from '../maintenance/index.ts';
import { messageDeliveries } from '../messages/index.ts';
import { payments } from '../payments/index.ts';
import { refunds } from '../refunds/index.ts';
import { tenancies } from '../tenancies/index.ts';

/**
 * Everything held about one person (docs/domain.md, "Access"): her rows of each table, as stored,
 * in data.json, and the photos she sent in photos/. Secrets about her sign-in (the password hash,
 * the two-step secret) are not data about her that she can use, and would only help a thief.
 */
export async function exportPersonData(
  deps: Pick<Deps, 'db' | 'storage'>,
  userId: string,
): Promise<Uint8Array> {
  const { db } = deps;
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new Error('export of an unknown account');
  const { passwordHash: _hash, totpSecret: _secret, totpLastStep: _step, ...accountData } = account;
  const paid = await db.select().from(payments).where(eq(payments.userId, userId));
  const maintenance = await listMaintenanceRowsOf(deps, userId);
  const data = {
    exported_at: new Date().toISOString(),
    account: accountData,
    consents: await listConsents(db, userId),
    bookings: await db.select().from(bookings).where(eq(bookings.userId, userId)),
    payments: paid,
    refunds: paid.length
      ? await db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              paid.map((p) => p.id),
            ),
          )
      : [],
    tenancies: await db.select().from(tenancies).where(eq(tenancies.userId, userId)),
    maintenance,
    hostel_reviews: await db.select().from(hostelReviews).where(eq(hostelReviews.userId, userId)),
    messages_sent_to_you: await db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.userId, userId)),
  };
  const files: Record<string, Uint8Array> = { 'data.json': strToU8(JSON.stringify(data, null, 2)) };
  for (const photo of maintenance.flatMap((m) => m.photos)) {
    const bytes = await deps.storage.get(jpegKey(photo.storageKey));
    if (bytes) files[`photos/${photo.storageKey.replaceAll('/', '-')}.jpg`] = bytes;
  }
  return zipSync(files);
}
