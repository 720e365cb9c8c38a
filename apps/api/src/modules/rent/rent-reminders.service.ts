import {
  type AdminSettings,
  type ArrearsItem,
  addDays,
  daysBetween,
  formatNaira,
  todayInLagos,
} from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import { and, asc, count, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { personRefColumns, users } from '../auth/index.ts';
import { hostelRefColumns, hostels } from '../hostels/index.ts';
import { messageDeliveries, type NewMessage, recordMessages } from '../messages/index.ts';
import { joinWhoAndWhere, roomRefColumns, rooms } from '../rooms/index.ts';
import { getSettings } from '../settings/index.ts';
import { rentReminderKeyPrefix, tenancies, tenancyRunning } from '../tenancies/index.ts';

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
  price: number;
  roomNumber: string;
  hostelName: string;
};

function reminderText(due: Due, today: string, publicUrl: string) {
  const daysLeft = daysBetween(today, due.dueDate);
  const amount = formatNaira(due.price);
  const place = `${due.roomNumber}, ${due.hostelName}`;
  const when = spokenDate(due.dueDate);
  const pay = `${publicUrl}/profile`;
  if (daysLeft > 0) {
    const inDays = daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
    return {
      subject: `StudyNest: rent for ${place} is due ${inDays}`,
      text: `Hello ${due.firstName},\n\nYour yearly rent of ${amount} for ${place} is due on ${when} (${inDays}). You can pay online from your profile: ${pay}`,
      sms: `StudyNest: rent of ${amount} for ${place} is due ${when}. Pay from your profile: ${pay}`,
    };
  }
  if (daysLeft === 0) {
    return {
      subject: `StudyNest: rent for ${place} is due today`,
      text: `Hello ${due.firstName},\n\nYour yearly rent of ${amount} for ${place} is due today, ${when}. You can pay online from your profile: ${pay}`,
      sms: `StudyNest: rent of ${amount} for ${place} is due today. Pay from your profile: ${pay}`,
    };
  }
  const late = -daysLeft === 1 ? '1 day' : `${-daysLeft} days`;
  return {
    subject: `StudyNest: rent for ${place} is ${late} overdue`,
    text: `Hello ${due.firstName},\n\nYour yearly rent of ${amount} for ${place} was due on ${when} and is now ${late} overdue. Please pay from your profile (${pay}) or talk to us if something is wrong.`,
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
  const running = await deps.db
    .select({
      tenancyId: tenancies.id,
      userId: tenancies.userId,
      dueDate: tenancies.dueDate,
      email: users.email,
      firstName: users.firstName,
      phone: users.phoneNumber,
      texts: users.notifySms,
      price: rooms.price,
      roomNumber: rooms.roomNumber,
      hostelName: hostels.hostelName,
    })
    .from(tenancies)
    .innerJoin(users, and(eq(users.id, tenancies.userId), isNull(users.deletedAt)))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(
      and(
        tenancyRunning,
        sql`${tenancies.dueDate} between ${addDays(today, -lateMost)} and ${addDays(today, aheadMost)}`,
      ),
    );
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
 * A tenancy in arrears on `today` (Lagos): running, started by then, and its due date passed. The
 * one definition the arrears list, the arrears report and its CSV export share.
 */
export const inArrears = (today: string) =>
  and(tenancyRunning, lt(tenancies.dueDate, today), lte(tenancies.startDate, today));

/** The money owed by one tenancy in arrears: a year's rent for its room (`rooms` joined). */
export const amountOwed = rooms.price;

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
      dueDate: tenancies.dueDate,
      price: amountOwed,
      lastReminderAt,
    })
    .from(tenancies)
    .innerJoin(users, eq(users.id, tenancies.userId))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(inArrears(today))
    .orderBy(asc(tenancies.dueDate), asc(tenancies.id))
    .limit(1000);
  return rows.map((r) => ({
    user: r.user,
    hostel: r.hostel,
    room: r.room,
    rentDueDate: r.dueDate,
    daysOverdue: daysBetween(r.dueDate, today),
    amountOwed: r.price,
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
      .select({ tenants: count(), owed: sql<string>`coalesce(sum(${amountOwed}), 0)` })
      .from(tenancies)
      .$dynamic(),
    tenancies,
  ).where(inArrears(today));
  return { tenants: Number(row?.tenants ?? 0), amount_owed: Number(row?.owed ?? 0) };
}
