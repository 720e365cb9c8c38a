import type { Profile } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { getPaymentProfile } from '../payments/index.ts';
import { toProfile } from './profile.mapper.ts';

/** The profile as GET /user/{id} shows it: the person, plus what they paid and rent (payments module). */
export async function getProfile(deps: Pick<Deps, 'db'>, userId: string): Promise<Profile> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No user with that id');
  return toProfile(row, await getPaymentProfile(deps, userId));
}
