import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  addDays,
  type MaintenanceCategory,
  type MaintenanceUrgency,
  MoveOutSchema,
  todayInLagos,
} from '@studynest/contracts';
import { SignupSchema } from '@studynest/contracts/account-details';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { loadSharp } from '../../storage/sharp.ts';
import { type AuthUser, createConfirmedStudent, users } from '../auth/index.ts';
import { createBooking } from '../bookings/index.ts';
import { initiateAgentFee, initiateCautionFee, initiateRent, settleFromProvider } from '../checkout/index.ts';
import { cleanDocument, reviewDocument, saveDocument } from '../documents/index.ts';
import { reportMaintenance, updateMaintenance } from '../maintenance/index.ts';
import { requestRefund } from '../refunds/index.ts';
import { decideCheckout } from '../sandbox/index.ts';
import { getSettings, saveSettings } from '../settings/index.ts';
import { giveNotice, moveOut, tenancies } from '../tenancies/index.ts';

/*
 * The demo's people and their year so far, so a newcomer's Tenants, Arrears, Maintenance, Refunds
 * and Reports show what a running hostel business has. Every step goes through the function a
 * request would call; the past comes from the clocks the code takes: when the student booked (the
 * booking is dated then, its inspection a day before the rent), when the payer decided at the
 * sandbox's checkout (the provider reports it as paid_at, as Paystack does, and the tenancy starts
 * that day), when notice was given and when a problem was reported (its deadline runs from then).
 */

type DemoDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'storage' | 'privateStorage' | 'log'>;

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
  /** Days ago that student booked it (and paid its agent fee). */
  bookedDaysAgo?: number;
  /** Paid twice: the second is owed back (Refunds), and with `one refunded` an admin gave it back. */
  deposit?: 'paid' | 'paid twice' | 'paid twice, one refunded';
  noticeInDays?: number;
  /** Gave notice in time and moved out `daysAgo`; the admin kept these from the deposit. */
  movedOut?: { daysAgo: number; deductions: { description: string; amount: number }[] };
  problems?: Problem[];
};

/**
 * The year: two tenants past their due date (arrears), four paying over the past months, one who
 * gave notice, one who moved out with deductions from her deposit (the rest refunded), maintenance
 * open, overdue, in progress, done and an emergency, a deposit paid twice and refunded, another paid
 * twice and still owed back, and inspections today, tomorrow and in four days.
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
  {
    first: 'Bola',
    last: 'Adebayo',
    gender: 'female',
    hostel: 0,
    room: 2,
    rentDaysAgo: 230,
    deposit: 'paid',
    movedOut: {
      daysAgo: 20,
      deductions: [
        { description: 'Broken louvre glass in the bedroom window', amount: 15_000 },
        { description: 'Repainting the wall behind the bed', amount: 10_000 },
      ],
    },
  },
  {
    first: 'Zainab',
    last: 'Bello',
    gender: 'female',
    hostel: 1,
    room: 2,
    inspectionInDays: 0,
    bookedDaysAgo: 2,
  },
  {
    first: 'Kelechi',
    last: 'Eze',
    gender: 'male',
    hostel: 0,
    room: 3,
    inspectionInDays: 1,
    bookedDaysAgo: 1,
  },
  {
    first: 'Halima',
    last: 'Sani',
    gender: 'female',
    hostel: 1,
    room: 4,
    inspectionInDays: 4,
    bookedDaysAgo: 0,
  },
];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/**
 * Ten in the morning, Lagos time (09:00 UTC), `days` ago: when the demo's payer paid. Today's is
 * never later than now: a start at eight must not date a payment two hours ahead.
 */
function daysAgoAt10(days: number): Date {
  const day = addDays(todayInLagos(), -days);
  const at = new Date(`${day}T09:00:00Z`);
  return days === 0 && at.getTime() > Date.now() ? new Date(Date.now() - 5 * MINUTE_MS) : at;
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

/**
 * When the student booked and paid the agent fee, and the day of the inspection: a tenant booked
 * three days before the rent and inspected the day before it; the others as their story says.
 */
function bookingOf(story: Story): { feeAt: Date; inspection: string } {
  if (story.rentDaysAgo === undefined) {
    return {
      feeAt: daysAgoAt10(story.bookedDaysAgo ?? 0),
      inspection: addDays(todayInLagos(), story.inspectionInDays ?? 0),
    };
  }
  return {
    feeAt: daysAgoAt10(story.rentDaysAgo + 3),
    inspection: addDays(todayInLagos(), -(story.rentDaysAgo + 1)),
  };
}

async function live(deps: DemoDeps, story: Story, student: AuthUser, room: DemoRoom, adminId: string | null) {
  const callback_url = `${deps.config.publicUrl}/receipt-page`;
  const { feeAt, inspection } = bookingOf(story);
  const booking = await createBooking(
    deps,
    student.id,
    { hostel_id: room.hostelId, room_id: room.id, inspection_date_time: `${inspection}_${SLOT}` },
    // Booked ten minutes before paying its agent fee.
    new Date(feeAt.getTime() - 10 * MINUTE_MS),
  );
  const fee = await initiateAgentFee(deps, student, {
    amount: room.agentFee,
    booking_id: booking._id,
    callback_url,
  });
  await payAt(deps, fee.reference, feeAt);
  if (story.rentDaysAgo === undefined) return;
  const rentAt = daysAgoAt10(story.rentDaysAgo);
  if (adminId) await approvedDocuments(deps, student, adminId, `${story.first} ${story.last}`);

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
  if (story.movedOut && adminId) await leave(deps, student, story.movedOut, adminId);
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
 * A tenant's student ID and NIN slip, uploaded and approved through the same functions as a
 * request's, so the demo's tenants may pay (and renew) rent while paperwork is required.
 */
async function approvedDocuments(deps: DemoDeps, student: AuthUser, adminId: string, name: string) {
  const sharp = await loadSharp();
  for (const [kind, title] of [
    ['student_id', 'STUDENT ID CARD'],
    ['nin_slip', 'NIN SLIP'],
  ] as const) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#eef3f8"/><text x="32" y="80" font-family="sans-serif" font-size="36" fill="#1d3557">${title}</text><text x="32" y="160" font-family="sans-serif" font-size="28" fill="#333">${name}</text><text x="32" y="360" font-family="sans-serif" font-size="20" fill="#888">Demo document</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const file = await cleanDocument(png, `${kind}.png`);
    const saved = await saveDocument(deps, student, kind, `${kind}.png`, file);
    await reviewDocument(deps, adminId, saved._id, { decision: 'approve' });
  }
}

/**
 * Notice given the notice period before the move-out day, as the tenant would, then the move-out
 * recorded by an admin: the deductions are kept and the rest of the deposit is refunded.
 */
async function leave(
  deps: DemoDeps,
  student: AuthUser,
  out: NonNullable<Story['movedOut']>,
  adminId: string,
) {
  const movedOutOn = addDays(todayInLagos(), -out.daysAgo);
  const noticeAt = daysAgoAt10(out.daysAgo + deps.config.site.tenantNoticeDays);
  await giveNotice(deps, student, { move_out_on: movedOutOn }, noticeAt);
  const [tenancy] = await deps.db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(eq(tenancies.userId, student.id), isNull(tenancies.endedAt)));
  const input = MoveOutSchema.parse({
    date: movedOutOn,
    reason: 'tenant_notice',
    note: 'Keys returned; the room was checked with the tenant.',
    deductions: out.deductions,
  });
  await moveOut(deps, asAdmin(adminId), tenancy!.id, input);
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
  // The demo shows paperwork required before rent (docs/domain.md, "Documents"); its tenants above
  // have theirs approved, so they paid and may renew, and a new student meets the rule.
  if (adminId) await saveSettings(deps, { ...(await getSettings(deps)), paperwork_required_for_rent: true });
  writeFileSync(path.join(deps.config.dataDir, 'demo-passwords.txt'), `${lines.join('\n')}\n`, {
    mode: 0o600,
  });
  return { students: STORIES.length };
}
