import { ROOM_NUMBERS } from '@studynest/contracts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/modules/auth/auth.schema.ts';
import { hashPassword } from '../src/modules/auth/password.ts';
import { hostels } from '../src/modules/hostels/hostels.schema.ts';
import { rooms } from '../src/modules/rooms/rooms.schema.ts';

export type Room = { id: string; hostelId: string; agentFee: number; price: number };
export type SeededStudent = { id: string; email: string };
export type Seed = {
  password: string;
  students: SeededStudent[];
  /** Rooms the write bursts race for. */
  burstRooms: Room[];
  /** One per student, touched by nobody else: booking it again always answers 201. */
  ownRooms: Room[];
};

const PASSWORD = 'resilience-Password-7';

/**
 * Seed through the API's own openDatabase, so migrations run exactly as the server runs them, and
 * before the server starts (an embedded PGlite directory can be open in one process only).
 * Every room starts available: any booked or rented room afterwards must have a payment behind it.
 */
export async function seedDatabase(
  target: { url?: string; dataDir: string },
  sizes: { students: number; burstHostels: number },
): Promise<Seed> {
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
  const { db } = database;
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const tag = Date.now().toString(36);
    const students = await db
      .insert(users)
      .values(
        Array.from({ length: sizes.students }, (_, i) => ({
          firstName: `Res${i + 1}`,
          lastName: 'Student',
          gender: i % 2 ? ('female' as const) : ('male' as const),
          email: `res-${tag}-${String(i + 1).padStart(3, '0')}@resilience.studynest.test`,
          phoneNumber: `+234803${String(2_000_000 + i).padStart(7, '0')}`,
          passwordHash,
          role: 'student' as const,
          isEmailConfirmed: true,
        })),
      )
      .returning({ id: users.id, email: users.email });

    // Room numbers are fixed per hostel (room 01 … room 20), so more rooms means more hostels.
    const ownHostels = Math.ceil(sizes.students / ROOM_NUMBERS.length);
    const hostelRows = await db
      .insert(hostels)
      .values(
        Array.from({ length: sizes.burstHostels + ownHostels }, (_, i) => ({
          hostelName: `Resilience Lodge ${i + 1}`,
          address: `${i + 1} Herbert Macaulay Way, Yaba, Lagos`,
          hostelDetails: 'Seeded by the resilience tests.',
        })),
      )
      .returning({ id: hostels.id });
    const roomRows = await db
      .insert(rooms)
      .values(
        hostelRows.flatMap((h, hi) =>
          ROOM_NUMBERS.map((roomNumber, ri) => ({
            hostelId: h.id,
            roomNumber,
            unit: 'one bedroom flat' as const,
            status: 'available' as const,
            price: 400_000 + 5_000 * ri,
            agentFee: 40_000 + 1_000 * hi,
            cautionFee: 50_000,
            commissionFee: 20_000,
          })),
        ),
      )
      .returning({ id: rooms.id, hostelId: rooms.hostelId, agentFee: rooms.agentFee, price: rooms.price });
    const burstHostelIds = new Set(hostelRows.slice(0, sizes.burstHostels).map((h) => h.id));
    return {
      password: PASSWORD,
      students,
      burstRooms: roomRows.filter((r) => burstHostelIds.has(r.hostelId)),
      ownRooms: roomRows.filter((r) => !burstHostelIds.has(r.hostelId)).slice(0, sizes.students),
    };
  } finally {
    await database.close();
  }
}
