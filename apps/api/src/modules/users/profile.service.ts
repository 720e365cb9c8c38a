import type { Profile } from '@studynest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toUser } from '../auth/auth.service.ts';

/**
 * The profile as GET /user/{id} shows it. Payment and tenancy parts are null here; the payments
 * module fills hostel, agentFeePayment, roomPricePayment and rentDetails from its own tables.
 */
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
    hostel: null,
    agentFeePayment: null,
    roomPricePayment: null,
    rentDetails: null,
  };
}
