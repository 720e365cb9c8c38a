import {
  type AdminSettings,
  type ArrearsItem,
  addDays,
  daysBetween,
  formatNaira,
  todayInLagos,
} from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import { and, asc, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { personRefColumns, users } from '../auth/index.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { messageDeliveries, type NewMessage, recordMessages } from '../messages/index.ts';
import { joinWhoAndWhere, roomRefColumns, rooms } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import {
  paidUpToSql,
  rentOwedSql,
  rentParts,
  rentReminderKeyPrefix,
  tenancies,
  tenancyRunning,
} from '../tenancies/index.ts';

/**
 * A reminder's key names the tenancy, the due date it is about and the step (`before-30`,
 * `after-7`): each is recorded once, ever, however many processes or reruns reach that day.
 */

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
/** "24 December 2026" for a YYYY-MM-DD calendar date. */
const spokenDate = (date: string) => longDate.format(new Date(`${date}T00:00:00Z`));

/** Which reminder step falls on `today` for a due date, if any. */
export function reminderStep(settings: AdminSettings, dueDate: string, today: string): string | null {
  const daysLeft = daysBetween(today, dueDate);
  if (daysLeft >= 0 && settings.reminder_days_before.includes(daysLeft)) return `before-${daysLeft}`;
  if (daysLeft < 0 && settings.overdue_days_after.includes(-daysLeft)) return `after-${-daysLeft}`;
  return null;
}

type Due = {
  tenancyId: string;
  userId: string;
  dueDate: string;
  email: string;
  firstName: string;
  phone: string;
  texts: boolean;
  /** What is due: the year's rent, or what is left of a part. */
  price: number;
  /** The part it is ("part 2 of 2"), or null for the year's rent. */
  part: string | null;
  roomNumber: string;
  hostelName: string;
};

function reminderText(due: Due, today: string, publicUrl: string) {
  const daysLeft = daysBetween(today, due.dueDate);
  const amount = formatNaira(due.price);
  // "Your yearly rent of ₦…" or, for a part of a year on a plan, "Part 2 of 2 of your rent, ₦…,".
  const yours = due.part
    ? `${due.part[0]?.toUpperCase()}${due.part.slice(1)} of your rent, ${amount},`
    : `Your yearly rent of ${amount}`;
  const place = `${due.roomNumber}, ${due.hostelName}`;
  const when = spokenDate(due.dueDate);
  const pay = `${publicUrl}/profile`;
  if (daysLeft > 0) {
    const inDays = daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
    return {
      subject: `StudyNest: rent for ${place} is due ${inDays}`,
      text: `Hello ${due.firstName},\n\n${yours} for ${place} is due on ${when} (${inDays}). You can pay online from your profile: ${pay}`,
      sms: `StudyNest: rent of ${amount} for ${place} is due ${when}. Pay from your profile: ${pay}`,
    };
  }
  if (daysLeft === 0) {
    return {
      subject: `StudyNest: rent for ${place} is due today`,
      text: `Hello ${due.firstName},\n\n${yours} for ${place} is due today, ${when}. You can pay online from your profile: ${pay}`,
      sms: `StudyNest: rent of ${amount} for ${place} is due today. Pay from your profile: ${pay}`,
    };
  }
  const late = -daysLeft === 1 ? '1 day' : `${-daysLeft} days`;
  return {
    subject: `StudyNest: rent for ${place} is ${late} overdue`,
    text: `Hello ${due.firstName},\n\n${yours} for ${place} was due on ${when} and is now ${late} overdue. Please pay from your profile (${pay}) or talk to us if something is wrong.`,
    sms: `StudyNest: rent of ${amount} for ${place} is ${late} overdue. Pay from your profile: ${pay}`,
  };
}

/**
 * Record the reminders and overdue notices that fall on `today` (Lagos) for every running tenancy:
 * an e-mail, and a text when the settings and the tenant allow it and the number is a Nigerian
 * mobile. Returns the new delivery ids (dispatch them); a step already recorded is skipped.
 */
export async function recordRentReminders(
  deps: Pick<Deps, 'db' | 'config'>,
  today = todayInLagos(),
): Promise<string[]> {
  const settings = await getSettings(deps);
  const aheadMost = Math.max(0, ...settings.reminder_days_before);
  const lateMost = Math.max(0, ...settings.overdue_days_after);
  const window = (due: typeof tenancies.dueDate | typeof rentParts.dueOn) =>
    sql`${due} between ${addDays(today, -lateMost)} and ${addDays(today, aheadMost)}`;
  const who = {
    tenancyId: tenancies.id,
    userId: tenancies.userId,
    email: users.email,
    firstName: users.firstName,
    phone: users.phoneNumber,
    texts: users.notifySms,
    roomNumber: rooms.roomNumber,
    hostelName: hostels.hostelName,
  };
  // The year's end (the next year's rent), and each later part of a year on a plan still unpaid,
  // counted from its own due date (docs/domain.md, "Rent plans").
  const yearEnds = await joinWhoAndWhere(
    deps.db
      .select({ ...who, dueDate: tenancies.dueDate, price: rooms.price, part: sql<string | null>`null` })
      .from(tenancies)
      .$dynamic(),
    tenancies,
  ).where(and(tenancyRunning, isNull(users.deletedAt), window(tenancies.dueDate)));
  const laterParts = await joinWhoAndWhere(
    deps.db
      .select({
        ...who,
        dueDate: rentParts.dueOn,
        price: sql<number>`${rentParts.amount} - ${rentParts.paid}`.mapWith(Number),
        part: sql<string>`'part ' || ${rentParts.number} || ' of ' || (select count(*) from ${rentParts} yp
          where yp.tenancy_id = ${rentParts.tenancyId} and yp.year_start = ${rentParts.yearStart})`,
      })
      .from(tenancies)
      .innerJoin(rentParts, eq(rentParts.tenancyId, tenancies.id))
      .$dynamic(),
    tenancies,
  ).where(
    and(
      tenancyRunning,
      isNull(users.deletedAt),
      sql`${rentParts.number} > 1 and ${rentParts.paid} < ${rentParts.amount}`,
      window(rentParts.dueOn),
    ),
  );
  const running: Due[] = [...yearEnds, ...laterParts];
  const messages: NewMessage[] = [];
  for (const due of running) {
    const step = reminderStep(settings, due.dueDate, today);
    if (!step) continue;
    const key = rentReminderKeyPrefix(due.tenancyId, due.dueDate) + step;
    const text = reminderText(due, today, deps.config.publicUrl);
    messages.push({
      channel: 'email',
      to: due.email,
      userId: due.userId,
      topic: 'reminder',
      subject: text.subject,
      text: text.text,
      key: `${key}:email`,
    });
    const phone = nigerianMobile(due.phone);
    if (settings.reminder_sms && due.texts && phone) {
      messages.push({
        channel: 'sms',
        to: phone,
        userId: due.userId,
        topic: 'reminder',
        text: text.sms,
        key: `${key}:sms`,
      });
    }
  }
  const ids: string[] = [];
  // In slices, so a large estate's morning run stays a few modest statements.
  for (let i = 0; i < messages.length; i += 500)
    ids.push(...(await recordMessages(deps.db, messages.slice(i, i + 500))));
  return ids;
}

/**
 * A tenancy in arrears on `today` (Lagos): running, started by then, and its rent paid up to a day
 * before it — the year's end, or a part of a year on a plan past its due date and unpaid
 * (docs/domain.md, "Rent plans"). The one definition the arrears list, the arrears report and its
 * CSV export share.
 */
export const inArrears = (today: string) =>
  and(tenancyRunning, sql`${paidUpToSql} < ${today}::date`, lte(tenancies.startDate, today));

/** The day a tenancy in arrears has been overdue since: the day its rent is paid up to. */
export const overdueSince = paidUpToSql;

/**
 * The money owed by one tenancy in arrears on `today` (`rooms` joined): its late parts' balances,
 * and a year's rent for its room once the paid year has ended.
 */
export const amountOwed = (today: string) => rentOwedSql(today, rooms.price);

/** Tenants past their due date (Lagos), most overdue first, with when they were last told. */
export async function listArrears({ db }: Pick<Deps, 'db'>, today = todayInLagos()): Promise<ArrearsItem[]> {
  // When this tenant was last told about rent, any cycle: per row, through the unique key's index.
  const lastReminderAt = sql<Date | string | null>`(
    select max(${messageDeliveries.sentAt}) from ${messageDeliveries}
    where ${messageDeliveries.dedupeKey} like 'rent-reminder:' || ${tenancies.id}::text || ':%'
      and ${messageDeliveries.status} = 'sent')`;
  const rows = await db
    .select({
      user: personRefColumns,
      hostel: hostelRefColumns,
      room: roomRefColumns,
      dueDate: overdueSince,
      price: amountOwed(today),
      lastReminderAt,
    })
    .from(tenancies)
    .innerJoin(users, eq(users.id, tenancies.userId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(inArrears(today))
    .orderBy(asc(overdueSince), asc(tenancies.id))
    .limit(1000);
  return rows.map((r) => ({
    user: r.user,
    hostel: r.hostel,
    room: r.room,
    rentDueDate: r.dueDate,
    daysOverdue: daysBetween(r.dueDate, today),
    amountOwed: Number(r.price),
    lastReminderAt: r.lastReminderAt ? new Date(r.lastReminderAt).toISOString() : null,
  }));
}

/** How many tenants the Arrears list shows on `today` and what they owe, counted in SQL by its rule. */
export async function countArrears(
  { db }: Pick<Deps, 'db'>,
  today = todayInLagos(),
): Promise<{ tenants: number; amount_owed: number }> {
  const [row] = await joinWhoAndWhere(
    db
      .select({ tenants: count(), owed: sql<string>`coalesce(sum(${amountOwed(today)}), 0)` })
      .from(tenancies)
      .$dynamic(),
    tenancies,
  ).where(inArrears(today));
  return { tenants: Number(row?.tenants ?? 0), amount_owed: Number(row?.owed ?? 0) };
}
