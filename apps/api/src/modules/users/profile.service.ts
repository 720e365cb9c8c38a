import type { Profile } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toUser } from '../auth/auth.service.ts';
import { getPaymentProfile } from '../payments/payment-profile.service.ts';

/** The profile as GET /user/{id} shows it: the person, plus what they paid and rent (payments module). */
export async function getProfile(db: DbOrTx, userId: string): Promise<Profile> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw notFound('No user with that id');
  return {
    ...toUser(row),
    emergency_contact: {
      name: row.emergencyName,
      relationship: row.emergencyRelationship,
      phone: row.emergencyPhone,
      address: row.emergencyAddress,
    },
    ...(await getPaymentProfile(db, userId)),
  };
}
