import { ROOM_NUMBERS } from '@studynest/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { insertHostel, insertRoom, signedInUser } from '../test/factories.ts';

export type PaidReceipt = { reference: string; token: string };

const inspectionIn = (days: number) =>
  `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + days * 86_400_000))}_10:00am - 10:30am`;

/**
 * `count` agent fees paid through the sandbox checkout, each by a student of its own (a student may
 * hold only two rooms), made in an app of this process on the embedded database in `dataDir` and
 * closed again, so that a server started afterwards on the same DATA_DIR and JWT secret finds
 * them, with the students' tokens still valid. Before that server starts: PGlite's directory can
 * be open in one process only.
 */
export async function seedPaidReceipts(
  dataDir: string,
  jwtSecret: string,
  count: number,
): Promise<PaidReceipt[]> {
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  });
  const app = await buildApp(config, { logger: false });
  const t = { db: app.deps.db, config };
  const call = async (method: 'POST', url: string, headers: Record<string, string>, payload: unknown) => {
    const res = await app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
    return { status: res.statusCode, json: () => res.json(), body: res.body };
  };
  try {
    const paid: PaidReceipt[] = [];
    let hostel = await insertHostel(t.db, { hostelName: 'Receipts Lodge 1' });
    for (let i = 0; i < count; i++) {
      // Room numbers are fixed per hostel (room 01 … room 20): a new hostel every 20 rooms.
      if (i > 0 && i % ROOM_NUMBERS.length === 0) {
        hostel = await insertHostel(t.db, { hostelName: `Receipts Lodge ${i / ROOM_NUMBERS.length + 1}` });
      }
      const room = await insertRoom(t.db, hostel.id, {
        agentFee: 65_000 + i * 1_000,
        roomNumber: ROOM_NUMBERS[i % ROOM_NUMBERS.length],
      });
      const student = await signedInUser(t, { firstName: 'Chiamaka', lastName: 'Okafor' });
      const booking = await call('POST', '/api/bookings', student.headers, {
        hostel_id: hostel.id,
        room_id: room.id,
        inspection_date_time: inspectionIn(2),
      });
      if (booking.status !== 201) throw new Error(`booking: ${booking.status} ${booking.body}`);
      const started = await call('POST', '/api/payments/agent-fee/initiate', student.headers, {
        booking_id: booking.json()._id,
        callback_url: `${config.publicUrl}/receipt-page`,
      });
      if (started.status !== 201) throw new Error(`initiate: ${started.status} ${started.body}`);
      const { checkoutLink, reference } = started.json() as { checkoutLink: string; reference: string };
      const pay = await app.inject({
        method: 'POST',
        url: `${new URL(checkoutLink).pathname}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      if (pay.statusCode !== 303) throw new Error(`pay: ${pay.statusCode} ${pay.body}`);
      paid.push({ reference, token: student.token });
    }
    return paid;
  } finally {
    await app.close();
  }
}
