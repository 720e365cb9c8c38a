import type { PhoneField } from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { phoneReviews, users } from './auth.schema.ts';

/*
 * Numbers stored before the phone rule (docs/domain.md, "Accounts"; migration 0022). The migration
 * lists them; this check, in TypeScript, decides each one with the rule the API applies to what
 * people type (`nigerianMobile`: libphonenumber). SQL could match the common shapes (0803…,
 * 234803…, +234 803…) but not libphonenumber exactly: the networks' ranges (0702 0…, 0819 0…),
 * brackets, dots, an international "(0)", digits from other scripts. One rule means no number
 * the API would refuse is kept as if it were fine, and none it accepts is held for review.
 */

const COLUMN = { phone_number: users.phoneNumber, emergency_phone: users.emergencyPhone } as const;
const BATCH = 500;

/**
 * Check the numbers migration 0022 listed: one that can be a Nigerian mobile is rewritten to E.164
 * (`+2348031234567`) and leaves the list; one that cannot is kept as it is and stays listed, for
 * admins (`open`). Runs at every start and does nothing once none is pending. Processes starting
 * together share the work: each batch takes its rows with FOR UPDATE SKIP LOCKED.
 */
export async function checkStoredPhones(
  deps: Pick<Deps, 'db' | 'log'>,
): Promise<{ rewritten: number; kept: number }> {
  const total = { rewritten: 0, kept: 0 };
  for (;;) {
    const seen = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(phoneReviews)
        .where(eq(phoneReviews.status, 'pending'))
        .orderBy(asc(phoneReviews.userId), asc(phoneReviews.field))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const column = COLUMN[row.field];
        const key = and(eq(phoneReviews.userId, row.userId), eq(phoneReviews.field, row.field));
        const stored = nigerianMobile(row.value.trim());
        if (stored) {
          // Only while the number is still the one listed (one given since went through the rule).
          if (stored !== row.value) {
            await tx
              .update(users)
              .set({ [row.field === 'phone_number' ? 'phoneNumber' : 'emergencyPhone']: stored })
              .where(and(eq(users.id, row.userId), eq(column, row.value)));
          }
          await tx.delete(phoneReviews).where(key);
          total.rewritten++;
        } else {
          await tx.update(phoneReviews).set({ status: 'open', checkedAt: sql`now()` }).where(key);
          total.kept++;
        }
      }
      return rows.length;
    });
    if (seen < BATCH) break;
  }
  if (total.rewritten || total.kept) {
    deps.log.info(
      total,
      'stored phone numbers checked: rewritten to E.164, or kept for admins (GET /api/admin/phone-reviews)',
    );
  }
  return total;
}

/** A number given through the rule replaces one kept for review: it leaves the list (caller's transaction). */
export async function clearPhoneReviews(tx: DbOrTx, userId: string, fields: PhoneField[]): Promise<void> {
  if (!fields.length) return;
  await tx
    .delete(phoneReviews)
    .where(and(eq(phoneReviews.userId, userId), inArray(phoneReviews.field, fields)));
}

/** Numbers kept unchanged because they cannot be Nigerian mobiles, live accounts only, oldest first. */
export async function listPhoneReviews({ db }: Pick<Deps, 'db'>) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      field: phoneReviews.field,
      value: phoneReviews.value,
      listedAt: phoneReviews.createdAt,
    })
    .from(phoneReviews)
    .innerJoin(users, eq(users.id, phoneReviews.userId))
    .where(and(eq(phoneReviews.status, 'open'), isNull(users.deletedAt)))
    .orderBy(asc(phoneReviews.createdAt), asc(users.email), asc(phoneReviews.field));
}
