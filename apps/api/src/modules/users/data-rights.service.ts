import { formatNaira } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { AccountDeletion } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { removeDocumentsOf } from '../documents/index.ts';
import { removeMaintenancePhotosOf } from '../maintenance/index.ts';
import { forgetReceiptPdfsOf } from '../receipts/index.ts';
import { owedBackTo } from '../refunds/index.ts';
import { tenancies } from '../tenancies/index.ts';

/**
 * Why deletion must wait, if it must (docs/domain.md, "Deletion"): the landlord's relationship and
 * money still running need the person to be reachable.
 */
async function reasonToWait(deps: Pick<Deps, 'db'>, userId: string): Promise<string | null> {
  const [running] = await deps.db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(eq(tenancies.userId, userId), isNull(tenancies.endedAt)))
    .limit(1);
  if (running) {
    return 'you are renting a room (or have given notice and not yet moved out). Ask for your deposit statement after you move out, then delete your account.';
  }
  const [booked] = await deps.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed')))
    .limit(1);
  if (booked) return 'you have a confirmed inspection booking. Cancel it or wait until it has passed.';
  const owed = await owedBackTo(deps, userId);
  if (owed > 0) {
    return `we still owe you ${formatNaira(owed)}. We will refund it first; you can delete your account once it has reached you.`;
  }
  return null;
}

/**
 * What the account's deletion (auth module, POST /auth/delete-account) asks of the modules that know
 * tenancies, bookings, refunds, photos, receipts and documents; app.ts hands it in. Her documents
 * go, rows and files, and so do the stored PDFs of her receipts (they print her name; the receipts
 * themselves stay, and are drawn again for "Deleted user"); her tenancy agreements and her room's condition
 * reports (with their photos) stay: they are the tenancy's record, which the payments and the
 * deposit's deductions rest on (docs/domain.md, "Deletion").
 */
export const accountDeletion = (
  deps: Pick<Deps, 'db' | 'storage' | 'privateStorage' | 'log'>,
): AccountDeletion => ({
  reasonToWait: (userId) => reasonToWait(deps, userId),
  afterDeleted: async (userId) => {
    await removeMaintenancePhotosOf(deps, userId);
    await forgetReceiptPdfsOf(deps, userId);
    await removeDocumentsOf(deps, userId);
  },
});
