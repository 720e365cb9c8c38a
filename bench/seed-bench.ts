// Seed a load-benchmark database: 500 hostels (3 photos each), 10,000 rooms (20 per hostel) and
// 110 students with one known password (60 for the mixed load, 50 for the race). Runs through the API's own openDatabase (so migrations are
// applied exactly as the server applies them) BEFORE the server starts: an embedded PGlite
// directory can only be open in one process.
//
//   DATABASE_URL=postgres://… npx tsx bench/seed-bench.ts --out seed.json
//   DATA_DIR=/tmp/x            npx tsx bench/seed-bench.ts --out seed.json   (PGlite in $DATA_DIR/db)
//
// Writes the ids the load generator needs (hostels, available rooms, race rooms, students) as JSON.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { addMonths, todayInLagos } from '@studynest/contracts';
import { type Database, openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/modules/auth/auth.schema.ts';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { bookings } from '../apps/api/src/modules/bookings/bookings.schema.ts';
import { hostelImages, hostels } from '../apps/api/src/modules/hostels/hostels.schema.ts';
import { payments, receiptCounters } from '../apps/api/src/modules/payments/payments.schema.ts';
import { formatReceiptNumber } from '../apps/api/src/modules/payments/receipt-number.ts';
import { rooms } from '../apps/api/src/modules/rooms/rooms.schema.ts';
import { tenancies } from '../apps/api/src/modules/tenancies/tenancies.schema.ts';
import { HOSTEL_NAMES } from './lib/bench-helpers.ts';

export const BENCH_PASSWORD = 'bench-load-Password-7';
const HOSTELS = 500;
const ROOMS_PER_HOSTEL = 20;
const STUDENTS = 110;
const RACE_ROOMS = 10;

const { values: args } = parseArgs({ options: { out: { type: 'string' } } });
if (!args.out) throw new Error('--out <file> is required');

// Deterministic data: two runs seed the same catalogue, so their numbers are comparable.
let seed = 20240607;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const between = (lo: number, hi: number, step = 1000) => Math.round((lo + rand() * (hi - lo)) / step) * step;

const AREAS = ['Akoka', 'Yaba', 'Bariga', 'Onike', 'Abule-Oja', 'Sabo', 'Iwaya', 'Somolu', 'Ebute Metta'];
const STREETS = [
  'Herbert Macaulay Way',
  'Community Road',
  'Ogunlana Drive',
  'St. Finbarrs Road',
  'Iwaya Road',
];
const NAMES = HOSTEL_NAMES.slice(0, 10);
const DETAILS =
  'Secure gated compound with 24-hour security, prepaid electricity meter, borehole water and a ' +
  'backup generator for evenings. Ten minutes walk to the main campus gate; tiled rooms with ' +
  'wardrobes, shared kitchen per floor, and a caretaker on site.';

// Units with realistic yearly rents (naira) near Lagos campuses.
const UNITS = [
  { unit: 'single room (share facilities)', rent: [150_000, 280_000] },
  { unit: 'one bedroom flat', rent: [350_000, 650_000] },
  { unit: 'two bedroom flat', rent: [600_000, 1_100_000] },
  { unit: 'three bedroom flat', rent: [900_000, 1_600_000] },
  { unit: 'four bedroom flat', rent: [1_200_000, 2_200_000] },
] as const;

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * A booked or rented room comes with what makes it so (docs/domain.md): its occupant's confirmed
 * booking and successful agent fee, and for a rented room their rent and running tenancy, each
 * success with its receipt number. So the bench database is one `npm run check:ledger` accepts,
 * like any real one (CI checks it after the load runs). Occupants never sign in.
 */
async function seedOccupants(
  { db }: Database,
  occupied: { id: string; hostelId: string; status: string; agentFee: number; price: number }[],
  passwordHash: string,
) {
  const today = todayInLagos();
  const paidAt = new Date();
  const year = Number(today.slice(0, 4));
  const email = (i: number) => `bench-occupant-${String(i + 1).padStart(4, '0')}@bench.studynest.test`;
  const userIds = new Map<string, string>();
  await inBatches(
    occupied.map((_, i) => ({
      firstName: `Occupant${i + 1}`,
      lastName: 'Bench',
      gender: i % 2 ? ('female' as const) : ('male' as const),
      email: email(i),
      phoneNumber: `+234805${String(1_000_000 + i).padStart(7, '0')}`,
      passwordHash,
      role: 'student' as const,
      isEmailConfirmed: true,
    })),
    1000,
    async (batch) => {
      for (const u of await db.insert(users).values(batch).returning({ id: users.id, email: users.email }))
        userIds.set(u.email, u.id);
    },
  );
  const who = (i: number) => userIds.get(email(i))!;
  const bookingIds = new Map<string, string>();
  await inBatches(
    occupied.map((r, i) => ({
      userId: who(i),
      roomId: r.id,
      hostelId: r.hostelId,
      inspectionDate: today,
      inspectionSlot: '10:00am - 10:30am' as const,
      // A rented room's booking is spent on its tenancy, as checkout leaves it.
      status: r.status === 'rented' ? ('inspected' as const) : ('confirmed' as const),
      holdExpiresAt: paidAt,
      confirmedAt: paidAt,
    })),
    1000,
    async (batch) => {
      for (const b of await db
        .insert(bookings)
        .values(batch)
        .returning({ id: bookings.id, roomId: bookings.roomId }))
        bookingIds.set(b.roomId, b.id);
    },
  );
  let receipts = 0;
  const paid = (i: number, kind: 'agent_fee' | 'rent', r: (typeof occupied)[number]) => ({
    reference: `SN-${kind === 'rent' ? 'RR' : 'AF'}-BENCH${String(i).padStart(15, '0')}`,
    userId: who(i),
    kind,
    bookingId: kind === 'rent' ? null : bookingIds.get(r.id)!,
    roomId: r.id,
    hostelId: r.hostelId,
    amount: kind === 'rent' ? r.price : r.agentFee,
    provider: 'sandbox' as const,
    status: 'success' as const,
    paidAt,
    receiptNumber: formatReceiptNumber(year, ++receipts),
  });
  const paymentRows = occupied.flatMap((r, i) => [
    paid(i, 'agent_fee', r),
    ...(r.status === 'rented' ? [paid(i, 'rent', r)] : []),
  ]);
  const agentFeeIds = new Map<string, string>();
  await inBatches(paymentRows, 1000, async (batch) => {
    for (const p of await db
      .insert(payments)
      .values(batch)
      .returning({ id: payments.id, roomId: payments.roomId, kind: payments.kind }))
      if (p.kind === 'agent_fee') agentFeeIds.set(p.roomId, p.id);
  });
  if (receipts) await db.insert(receiptCounters).values({ year, last: receipts });
  const rented = occupied.flatMap((r, i) => (r.status === 'rented' ? [{ r, i }] : []));
  await inBatches(
    rented.map(({ r, i }) => ({
      userId: who(i),
      roomId: r.id,
      hostelId: r.hostelId,
      startDate: today,
      dueDate: addMonths(today, 12),
      agentFeePaymentId: agentFeeIds.get(r.id)!,
    })),
    1000,
    (batch) => db.insert(tenancies).values(batch),
  );
}

async function main() {
  const started = performance.now();
  const database: Database = await openDatabase({
    url: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? '.',
  });
  const { db } = database;
  try {
    const hostelRows = Array.from({ length: HOSTELS }, (_, i) => {
      // Same draws in the same order as before the search facts, so the catalogue is unchanged.
      const name = pick(NAMES);
      const number = 1 + Math.floor(rand() * 120);
      const street = pick(STREETS);
      const area = pick(AREAS);
      return {
        hostelName: `${name} Lodge ${String(i + 1).padStart(3, '0')}`,
        address: `${number} ${street}, ${area}, Lagos`,
        hostelDetails: DETAILS,
        // Facts for search, from the index (no draws): two in three near UNILAG, the rest LASU.
        state: 'Lagos' as const,
        city: `${area}, Lagos`,
        university: i % 3 === 2 ? ('LASU' as const) : ('UNILAG' as const),
        walkingMinutes: 2 + ((i * 7) % 40),
        genderPolicy: (['mixed', 'female_only', 'male_only'] as const)[i % 3],
      };
    });
    const hostelIds: string[] = [];
    await inBatches(hostelRows, 250, async (batch) => {
      const ids = await db.insert(hostels).values(batch).returning({ id: hostels.id });
      hostelIds.push(...ids.map((r) => r.id));
    });

    const imageRows = hostelIds.flatMap((hostelId, h) =>
      [0, 1, 2].map((position) => ({
        hostelId,
        storageKey: `bench-${String(h).padStart(3, '0')}-${position}`,
        width: 1600,
        height: 1200,
        variantWidths: [480, 960],
        position,
      })),
    );
    await inBatches(imageRows, 500, (batch) => db.insert(hostelImages).values(batch));

    // The race rooms (all available) are the first ten of the last hostel; the mixed run books others.
    const raceHostel = hostelIds[hostelIds.length - 1] as string;
    const roomRows = hostelIds.flatMap((hostelId) =>
      Array.from({ length: ROOMS_PER_HOSTEL }, (_, r) => {
        const { unit, rent } = pick(UNITS);
        const price = between(rent[0], rent[1], 5000);
        const roll = rand();
        const race = hostelId === raceHostel && r < RACE_ROOMS;
        return {
          hostelId,
          roomNumber: `room ${String(r + 1).padStart(2, '0')}`,
          unit,
          status: race || roll < 0.7 ? 'available' : roll < 0.85 ? 'booked' : 'rented',
          price,
          agentFee: Math.max(10_000, Math.round((price * 0.1) / 1000) * 1000),
          cautionFee: between(20_000, 100_000, 5000),
          commissionFee: Math.round((price * 0.05) / 1000) * 1000,
        };
      }),
    );
    const available: { id: string; hostelId: string }[] = [];
    const race: { id: string; hostelId: string; agentFee: number }[] = [];
    const occupied: { id: string; hostelId: string; status: string; agentFee: number; price: number }[] = [];
    await inBatches(roomRows, 1000, async (batch) => {
      const ids = await db.insert(rooms).values(batch).returning({
        id: rooms.id,
        hostelId: rooms.hostelId,
        roomNumber: rooms.roomNumber,
        status: rooms.status,
        agentFee: rooms.agentFee,
        price: rooms.price,
      });
      for (const r of ids) {
        const n = Number(r.roomNumber.slice(5));
        if (r.hostelId === raceHostel && n <= RACE_ROOMS)
          race.push({ id: r.id, hostelId: r.hostelId, agentFee: r.agentFee });
        else if (r.status === 'available') available.push({ id: r.id, hostelId: r.hostelId });
        else occupied.push(r);
      }
    });

    // One hash for everyone: argon2 with the app's own parameters, so logins cost what they cost.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const studentRows = Array.from({ length: STUDENTS }, (_, i) => ({
      firstName: `Bench${i + 1}`,
      lastName: 'Student',
      gender: i % 2 ? 'female' : 'male',
      email: `bench-student-${String(i + 1).padStart(2, '0')}@bench.studynest.test`,
      phoneNumber: `+234803${String(1_000_000 + i).padStart(7, '0')}`,
      passwordHash,
      role: 'student',
      isEmailConfirmed: true,
    }));
    const students = await db
      .insert(users)
      .values(studentRows)
      .returning({ id: users.id, email: users.email });

    await seedOccupants(database, occupied, passwordHash);

    writeFileSync(
      args.out as string,
      JSON.stringify({ password: BENCH_PASSWORD, hostelIds, available, race, students }),
    );
    console.log(
      `seeded ${hostelIds.length} hostels, ${imageRows.length} photos, ${roomRows.length} rooms ` +
        `(${available.length} available outside the race, ${occupied.length} booked or rented), ${students.length} students ` +
        `on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
