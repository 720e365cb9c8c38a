import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { idempotentRequests } from './idempotency.schema.ts';

type Earlier = typeof idempotentRequests.$inferSelect;

/** How long a key is remembered: longer than a phone stays offline with a write waiting, in practice. */
export const KEEP_KEYS_DAYS = 7;
/** A first attempt still unanswered after this died with its process: its key may be taken again. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

/** Claims the key for this request, or returns what the earlier request with it left. */
export async function claimKey(
  deps: Pick<Deps, 'db'>,
  row: { userId: string; key: string; route: string; bodyDigest: string },
): Promise<{ claimed: string } | { earlier: Earlier }> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [inserted] = await deps.db
      .insert(idempotentRequests)
      .values(row)
      .onConflictDoNothing({ target: [idempotentRequests.userId, idempotentRequests.key] })
      .returning({ id: idempotentRequests.id });
    if (inserted) return { claimed: inserted.id };
    const [earlier] = await deps.db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, row.userId), eq(idempotentRequests.key, row.key)));
    if (!earlier) continue; // its first attempt failed and let the key go just now
    const abandoned =
      earlier.statusCode === null && Date.now() - earlier.createdAt.getTime() > ABANDONED_AFTER_MS;
    if (!abandoned) return { earlier };
    await deps.db
      .delete(idempotentRequests)
      .where(and(eq(idempotentRequests.id, earlier.id), isNull(idempotentRequests.statusCode)));
  }
  throw new Error('Idempotency-Key could not be claimed');
}

export async function keepAnswer(deps: Pick<Deps, 'db'>, id: string, statusCode: number, body: string) {
  await deps.db
    .update(idempotentRequests)
    .set({ statusCode, responseBody: body })
    .where(eq(idempotentRequests.id, id));
}

export async function forgetKey(deps: Pick<Deps, 'db'>, id: string) {
  await deps.db.delete(idempotentRequests).where(eq(idempotentRequests.id, id));
}

/** Keys older than KEEP_KEYS_DAYS are forgotten; the number deleted. */
export async function forgetOldKeys(deps: Pick<Deps, 'db'>): Promise<number> {
  const gone = await deps.db
    .delete(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, sql`now() - make_interval(days => ${KEEP_KEYS_DAYS})`))
    .returning({ id: idempotentRequests.id });
  return gone.length;
}
