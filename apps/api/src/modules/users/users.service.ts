import type { User } from '@studynest/contracts';
import { asc, count, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { toUser, users } from '../auth/index.ts';

const live = isNull(users.deletedAt);

/** Live (not deleted) users, oldest first, with the total for X-Total-Count. */
export async function listUsers(
  { db }: Pick<Deps, 'db'>,
  opts: { limit?: number; offset?: number } = {},
): Promise<{ items: User[]; total: number }> {
  let query = db.select().from(users).where(live).orderBy(asc(users.createdAt), asc(users.id)).$dynamic();
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  if (opts.offset !== undefined) query = query.offset(opts.offset);
  const [rows, [totalRow]] = await Promise.all([query, db.select({ n: count() }).from(users).where(live)]);
  return { items: rows.map(toUser), total: totalRow?.n ?? rows.length };
}
