import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  type MaintenanceCategory,
  type MaintenanceUrgency,
  todayInLagos,
} from '@studynest/contracts';
import { SignupSchema } from '@studynest/contracts/account-details';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { type AuthUser, createConfirmedStudent, users } from '../auth/index.ts';
import { createBooking } from '../bookings/index.ts';
import { initiateAgentFee, initiateCautionFee, initiateRent, settleFromProvider } from '../checkout/index.ts';
import { reportMaintenance, updateMaintenance } from '../maintenance/index.ts';
import { requestRefund } from '../refunds/index.ts';
import { decideCheckout } from '../sandbox/index.ts';
import { giveNotice } from '../tenancies/index.ts';

/*
 * The demo's people and their year so far, so a newcomer's Tenants, Arrears, Maintenance, Refunds
 * and Reports show what a running hostel business has. Every step goes through the function a
 * request would call; the past comes from the only clocks the code takes: when the payer decided
 * at the sandbox's checkout (the provider reports it as paid_at, as Paystack does, and the tenancy
 * starts that day) and when a problem was reported (its deadline runs from then).
 */

type DemoDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'storage' | 'log'>;

/** A room the demo made: its id and hostel, with the prices its payments must match. */
export type DemoRoom = { id: string; hostelId: string; agentFee: number; price: number; cautionFee: number };

type Gender = 'male' | 'female';

type Problem = {
  category: MaintenanceCategory;
  urgency: MaintenanceUrgency;
  description: string;
  daysAgo: number;
  /** What the admins did with it since. */
  since?: 'in_progress' | 'done';
};

/*
 * The browser journeys count the tenants of Agbowo Scholars Residence (hostel 2) as their own and
 * book free rooms in every hostel: no demo tenant lives there, and each hostel keeps free rooms.
 */
type Story = {
  first: string;
  last: string;
  gender: Gender;
  /** Where in the demo's plan: which hostel, which of its rooms. */
  hostel: number;
  room: number;
  /** Days ago the agent fee and rent were paid (the tenancy starts then); absent: only an inspection. */
  rentDaysAgo?: number;
  /** Days from today of the inspection a student without a tenancy has booked and paid for. */
  inspectionInDays?: number;
  /** Paid twice: the second is owed back (Refunds), and with `one refunded` an admin gave it back. */
  deposit?: 'paid' | 'paid twice' | 'paid twice, one refunded';
  noticeInDays?: number;
  problems?: Problem[];
};

/**
 * The year: two tenants past their due date (arrears), four paying over the past months, one who
 * gave notice, maintenance open, overdue, in progress, done and an emergency, a deposit paid twice
 * and refunded, another paid twice and still owed back, and inspections today and tomorrow.
 */
const STORIES: Story[] = [
  {
    first: 'Adaeze',
    last: 'Okafor',
    gender: 'female',
    hostel: 0,
    room: 0,
    rentDaysAgo: 365 + 20,
    deposit: 'paid',
    problems: [
      {
        category: 'plumbing',
        urgency: 'normal',
        description: 'The bathroom tap leaks all night and the sink drains very slowly.',
        daysAgo: 9,
      },
    ],
  },
  {
    first: 'Tunde',
    last: 'Bakare',
    gender: 'male',
    hostel: 3,
    room: 0,
    rentDaysAgo: 365 + 45,
    deposit: 'paid',
  },
  {
    first: 'Chioma',
    last: 'Okeke',
    gender: 'female',
    hostel: 1,
    room: 0,
    rentDaysAgo: 150,
    deposit: 'paid',
    noticeInDays: 45,
    problems: [
      {
        category: 'water',
        urgency: 'normal',
        description: 'No water from the kitchen tap since the pump was serviced.',
        daysAgo: 30,
        since: 'done',
      },
    ],
  },
  {
    first: 'Ibrahim',
    last: 'Musa',
    gender: 'male',
    hostel: 4,
    room: 0,
    rentDaysAgo: 95,
    problems: [
      {
        category: 'electrical',
        urgency: 'emergency',
        description: 'Sparks and a burning smell from the socket beside the bed; the breaker keeps tripping.',
        daysAgo: 0,
      },
    ],
  },
  {
    first: 'Funke',
    last: 'Adeyemi',
    gender: 'female',
    hostel: 1,
    room: 3,
    rentDaysAgo: 62,
    deposit: 'paid twice',
    problems: [
      {
        category: 'furniture',
        urgency: 'normal',
        description: 'The wardrobe door has come off its hinges.',
        daysAgo: 3,
        since: 'in_progress',
      },
    ],
  },
  {
    first: 'Emeka',
    last: 'Nwosu',
    gender: 'male',
    hostel: 0,
    room: 1,
    rentDaysAgo: 33,
    deposit: 'paid twice, one refunded',
  },
  { first: 'Zainab', last: 'Bello', gender: 'female', hostel: 1, room: 2, inspectionInDays: 0 },
  { first: 'Kelechi', last: 'Eze', gender: 'male', hostel: 0, room: 3, inspectionInDays: 1 },
];

const DAY_MS = 86_400_000;
/** Ten in the morning, Lagos time (09:00 UTC), `days` ago: when the demo's payer paid. */
function daysAgoAt10(days: number): Date {
  const day = addDays(todayInLagos(), -days);
  return new Date(`${day}T09:00:00Z`);
}

const SLOT = '10:00am - 10:30am';
/** Demo people's phones: an MTN range, each distinct. */
const phoneOf = (i: number) => `0803${String(5550100 + i).padStart(7, '0')}`;
const demoEmailOf = (s: { first: string; last: string }) =>
  `${s.first}.${s.last}@students.example.com`.toLowerCase();

function asUser(row: { id: string; email: string }): AuthUser {
  const now = Date.now();
  return {
    id: row.id,
    role: 'student',
    sessionId: '',
    email: row.email,
    mfaEnabled: false,
    authenticatedAtMs: now,
    lastSeenAtMs: now,
  };
}

const asAdmin = (id: string): AuthUser => ({ ...asUser({ id, email: '' }), role: 'admin' });

/** Pay at the sandbox's checkout on the given day and let the provider's answer settle it. */
async function payAt(deps: DemoDeps, reference: string, at: Date) {
  await decideCheckout(deps.db, reference, 'paid', at);
  await settleFromProvider(deps, reference);
}

async function firstAdminId({ db }: Pick<Deps, 'db'>): Promise<string | null> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.id ?? null;
}

async function live(deps: DemoDeps, story: Story, student: AuthUser, room: DemoRoom, adminId: string | null) {
  const callback_url = `${deps.config.publicUrl}/receipt-page`;
  const rentAt = story.rentDaysAgo === undefined ? new Date() : daysAgoAt10(story.rentDaysAgo);
  const inspection = addDays(todayInLagos(), story.inspectionInDays ?? 0);
  const booking = await createBooking(deps, student.id, {
    hostel_id: room.hostelId,
    room_id: room.id,
    inspection_date_time: `${inspection}_${SLOT}`,
  });
  const fee = await initiateAgentFee(deps, student, {
    amount: room.agentFee,
    booking_id: booking._id,
    callback_url,
  });
  await payAt(deps, fee.reference, rentAt);
  if (story.rentDaysAgo === undefined) return;

  const rent = await initiateRent(deps, student, {
    amount: room.price,
    booking_id: booking._id,
    callback_url,
  });
  await payAt(deps, rent.reference, rentAt);
  if (story.deposit) {
    // Paid twice: the second tap before the first came back, as happens on a slow connection.
    const times = story.deposit === 'paid' ? 1 : 2;
    const started = [];
    for (let i = 0; i < times; i++) {
      started.push(await initiateCautionFee(deps, student, { booking_id: booking._id, callback_url }));
    }
    for (const d of started) await payAt(deps, d.reference, new Date(rentAt.getTime() + DAY_MS));
    if (story.deposit === 'paid twice, one refunded' && adminId) {
      await requestRefund(deps, asAdmin(adminId), {
        reference: started[1]!.reference,
        amount: room.cautionFee,
        reason: 'Caution deposit paid twice',
      });
    }
  }
  if (story.noticeInDays)
    await giveNotice(deps, student, { move_out_on: addDays(todayInLagos(), story.noticeInDays) });
  for (const p of story.problems ?? []) {
    const reported = await reportMaintenance(
      deps,
      student.id,
      { category: p.category, urgency: p.urgency, description: p.description },
      [],
      new Date(Date.now() - p.daysAgo * DAY_MS),
    );
    if (!p.since || !adminId) continue;
    await updateMaintenance(deps, adminId, reported._id, {
      status: 'in_progress',
      note: 'The caretaker has seen it; a repairer is booked.',
    });
    if (p.since === 'done') {
      await updateMaintenance(deps, adminId, reported._id, { status: 'done', note: 'Fixed and tested.' });
    }
  }
}

/**
 * The demo's students and their tenancies, payments, refunds, notices and maintenance, on the
 * demo's rooms (`roomAt(hostel, room)`). Only with the sandbox: a real provider would take real
 * money. Their passwords are random, kept in DATA_DIR/demo-passwords.txt like the admin's.
 */
export async function seedDemoTenancies(
  deps: DemoDeps,
  roomAt: (hostel: number, room: number) => DemoRoom,
): Promise<{ students: number }> {
  if (deps.payments.name !== 'sandbox') return { students: 0 };
  const adminId = await firstAdminId(deps);
  const lines: string[] = [];
  for (const [i, story] of STORIES.entries()) {
    const email = demoEmailOf(story);
    const password = randomBytes(12).toString('base64url');
    const row = await createConfirmedStudent(
      deps,
      SignupSchema.parse({
        first_name: story.first,
        last_name: story.last,
        gender: story.gender,
        email,
        phone_number: phoneOf(i),
        password,
      }),
    );
    lines.push(`${email} ${password}`);
    await live(deps, story, asUser(row), roomAt(story.hostel, story.room), adminId);
  }
  writeFileSync(path.join(deps.config.dataDir, 'demo-passwords.txt'), `${lines.join('\n')}\n`, {
    mode: 0o600,
  });
  return { students: STORIES.length };
}
