import type { RoomStatus, RoomUnit } from '@studynest/contracts';
import { addMonths } from '@studynest/contracts';
import type { Config } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/modules/auth/auth.schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { issueToken } from '../src/modules/auth/tokens.ts';
import { hostels } from '../src/modules/hostels/hostels.schema.ts';
import { rooms } from '../src/modules/rooms/rooms.schema.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';

let counter = 0;
const next = () => ++counter;

export async function insertHostel(db: Db, overrides: Partial<typeof hostels.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(hostels)
    .values({ hostelName: `Test Hostel ${n}`, address: `${n} University Road, Nsukka`, ...overrides })
    .returning();
  return row!;
}

export async function insertRoom(
  db: Db,
  hostelId: string,
  overrides: Partial<Omit<typeof rooms.$inferInsert, 'unit' | 'status'>> & {
    unit?: RoomUnit;
    status?: RoomStatus;
  } = {},
) {
  const n = next();
  const [row] = await db
    .insert(rooms)
    .values({
      hostelId,
      roomNumber: `room ${String((n % 20) + 1).padStart(2, '0')}`,
      unit: 'one bedroom flat',
      status: 'available',
      price: 650_000,
      agentFee: 65_000,
      cautionFee: 50_000,
      commissionFee: 32_000,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A fast fixed hash for test users (argon2id of 'correct-horse-battery'), so factories don't pay argon2 each time. */
let cachedHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'correct-horse-battery';

export async function insertUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      firstName: 'Ada',
      lastName: `Student${n}`,
      gender: 'female',
      email: `student${n}.${Date.now()}@example.com`,
      phoneNumber: '+2348031234567',
      passwordHash: await cachedHash,
      role: 'student',
      isEmailConfirmed: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A user plus a valid bearer header for them. */
export type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
export async function signedInUser(
  t: { db: Db; config: Config },
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await insertUser(t.db, overrides);
  const token = await issueToken(t.db, t.config.jwtSecret, user);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** A running tenancy of `room` for `userId`, due on `dueDate` (a year after it started). */
export async function insertTenancy(
  db: Db,
  room: { id: string; hostelId: string },
  userId: string,
  dueDate: string,
) {
  const [row] = await db
    .insert(tenancies)
    .values({ userId, roomId: room.id, hostelId: room.hostelId, startDate: addMonths(dueDate, -12), dueDate })
    .returning();
  return row!;
}
