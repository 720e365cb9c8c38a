import type { Profile } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { latestMoveOut } from '../tenancies/index.ts';
import { getPaymentProfile } from './payment-profile.service.ts';
import { toProfile } from './profile.mapper.ts';

/** The profile as GET /user/{id} shows it: the person, plus what they paid and rent (payments module) and their latest move-out (tenancies). */
export async function getProfile(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<Profile> {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No user with that id');
  const [paid, moveOut] = await Promise.all([getPaymentProfile(deps, userId), latestMoveOut(deps, userId)]);
  return toProfile(row, paid, moveOut);
}
