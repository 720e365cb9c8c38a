import type { Deps } from '../../deps.ts';
import { subscribers } from './subscribers.schema.ts';

/**
 * Store the address once. A repeat (any letter case: the unique index is on lower(email)) is not an
 * error: telling a stranger "already subscribed" would reveal who is on the list.
 */
export async function subscribe({ db }: Pick<Deps, 'db'>, email: string): Promise<{ created: boolean }> {
  const rows = await db
    .insert(subscribers)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: subscribers.id });
  return { created: rows.length > 0 };
}
