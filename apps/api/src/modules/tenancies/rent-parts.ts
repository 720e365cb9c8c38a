import {
  addMonths,
  BUSINESS,
  formatNaira,
  partsInWords,
  RENT_PLAN_LABEL,
  type RentPartStatus,
  type RentPlanName,
  type RentPlanState,
  splitRent,
  todayInLagos,
} from '@studynest/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { cancelQueuedMessages } from '../messages/index.ts';
import type { PaymentRow } from '../payments/index.ts';
import { effectiveRentPlan, type rooms } from '../rooms/index.ts';
import { rentPartPayments, rentParts, tenancies } from './tenancies.schema.ts';
import { renewalOf, rentReminderKeyPrefix, tenancyRunning } from './tenancy-rules.ts';

/*
 * A tenancy-year's rent in parts (docs/domain.md, "Rent plans"). Each year's parts are written
 * when its first rent is applied, from the plan that rent chose; every rent payment is put on the
 * year's unpaid parts oldest first. Only the latest year of a tenancy can have parts unpaid: the
 * next year cannot be paid for until they are. A tenancy-year with no parts was paid whole before
 * plans existed.
 */

export type RentPartRow = typeof rentParts.$inferSelect;

export const partBalance = (p: Pick<RentPartRow, 'amount' | 'paid'>) => p.amount - p.paid;

/** The latest year's parts of a tenancy, oldest first; `lock` for a transaction about to pay them. */
export async function yearPartsOf(db: DbOrTx, tenancyId: string, lock = false): Promise<RentPartRow[]> {
  const query = db
    .select()
    .from(rentParts)
    .where(
      and(
        eq(rentParts.tenancyId, tenancyId),
        sql`${rentParts.yearStart} = (select max(ly.year_start) from ${rentParts} ly where ly.tenancy_id = ${tenancyId})`,
      ),
    )
    .orderBy(asc(rentParts.number));
  return lock ? query.for('update') : query;
}

/**
 * The day a tenancy's rent is paid up to: the due date of its first part not fully paid, or the
 * end of the paid year (the due date) when every part is paid. Arrears and the profile read it.
 */
export const paidUpTo = (tenancy: { dueDate: string }, parts: RentPartRow[]): string =>
  parts.find((p) => partBalance(p) > 0)?.dueOn ?? tenancy.dueDate;

/**
 * The outer statement's tenancy, named in full: drizzle leaves a column unqualified when its
 * statement reads one table, and inside a subquery that would name the subquery's own column.
 */
const outerTenancy = sql.raw('"tenancies"."id"');
const outerDueDate = sql.raw('"tenancies"."due_date"');

/** `paidUpTo` in SQL, for a statement over `tenancies`. */
export const paidUpToSql = sql<string>`coalesce((select min(pu.due_on) from ${rentParts} pu
  where pu.tenancy_id = ${outerTenancy} and pu.paid < pu.amount), ${outerDueDate})`;

/**
 * What a tenancy owes on `today` (SQL over `tenancies` with `rooms` joined): each part past its due
 * date still unpaid, and the next year's rent (the room's price) once the paid year has ended.
 */
export const rentOwedSql = (today: string, price: typeof rooms.price) => sql<number>`(
  coalesce((select sum(po.amount - po.paid) from ${rentParts} po
    where po.tenancy_id = ${outerTenancy} and po.paid < po.amount and po.due_on < ${today}::date), 0)
  + case when ${outerDueDate} < ${today}::date then ${price} else 0 end)`;

/** The first year's, or a renewed year's, parts: split the year's rent by its plan. */
async function startRentYear(
  tx: Tx,
  tenancyId: string,
  yearStart: string,
  plan: RentPlanName,
  yearRent: number,
): Promise<RentPartRow[]> {
  return tx
    .insert(rentParts)
    .values(
      splitRent(plan, yearRent, yearStart).map((p) => ({
        tenancyId,
        yearStart,
        plan,
        number: p.number,
        amount: p.amount,
        dueOn: p.due_on,
      })),
    )
    .returning();
}

/**
 * Put a rent payment on the year's unpaid parts, oldest first, recording what it paid of each;
 * a part paid off has its reminders still queued cancelled. False, with nothing written, when the
 * payment is more than what is left of the year: never more than the year's rent is taken.
 */
async function allocateRent(tx: Tx, tenancyId: string, parts: RentPartRow[], payment: PaymentRow) {
  const left = parts.reduce((sum, p) => sum + partBalance(p), 0);
  if (payment.amount > left || payment.amount <= 0) return false;
  let remaining = payment.amount;
  for (const part of parts) {
    const take = Math.min(remaining, partBalance(part));
    if (take <= 0) continue;
    await tx
      .update(rentParts)
      .set({ paid: sql`${rentParts.paid} + ${take}`, updatedAt: sql`now()` })
      .where(eq(rentParts.id, part.id));
    await tx.insert(rentPartPayments).values({ paymentId: payment.id, rentPartId: part.id, amount: take });
    if (take === partBalance(part)) {
      await cancelQueuedMessages(tx, rentReminderKeyPrefix(tenancyId, part.dueOn));
    }
    remaining -= take;
    if (remaining === 0) break;
  }
  return true;
}

/** A first rent's or a renewal's year: its parts written and the payment put on them. */
export async function payNewRentYear(
  tx: Tx,
  tenancyId: string,
  yearStart: string,
  payment: PaymentRow,
): Promise<boolean> {
  const parts = await startRentYear(
    tx,
    tenancyId,
    yearStart,
    payment.rentPlan ?? 'full',
    payment.rentYear ?? payment.amount,
  );
  return allocateRent(tx, tenancyId, parts, payment);
}

/** A payment towards the running year's parts (locked): false when it is more than is left. */
export const payRunningYear = async (tx: Tx, tenancyId: string, payment: PaymentRow) =>
  allocateRent(tx, tenancyId, await yearPartsOf(tx, tenancyId, true), payment);

/** The year's rent and plan when a tenancy-year has no parts (paid whole before plans existed). */
const wholeYear = (yearRent: number, dueDate: string): RentPartRow[] => [
  {
    id: '',
    tenancyId: '',
    yearStart: addMonths(dueDate, -BUSINESS.leaseMonths),
    plan: 'full',
    number: 1,
    amount: yearRent,
    dueOn: addMonths(dueDate, -BUSINESS.leaseMonths),
    paid: yearRent,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  },
];

const partStatus = (p: RentPartRow, isNext: boolean, today: string): RentPartStatus => {
  if (partBalance(p) <= 0) return 'paid';
  if (p.dueOn < today) return 'late';
  if (p.paid > 0) return 'part_paid';
  return isNext ? 'due' : 'upcoming';
};

/**
 * The running year's rent as the profile shows it (`rentDetails.plan`). `yearRent` stands in for a
 * year paid whole before plans (no parts).
 */
export function rentPlanState(
  tenancy: { dueDate: string },
  stored: RentPartRow[],
  yearRent: number,
  today = todayInLagos(),
): RentPlanState {
  const parts = stored.length ? stored : wholeYear(yearRent, tenancy.dueDate);
  const plan = parts[0]?.plan ?? 'full';
  const next = parts.find((p) => partBalance(p) > 0) ?? null;
  const total = parts.reduce((sum, p) => sum + p.amount, 0);
  const paid = parts.reduce((sum, p) => sum + p.paid, 0);
  return {
    plan,
    label: RENT_PLAN_LABEL[plan],
    year_rent: total,
    parts: parts.map((p) => ({
      number: p.number,
      amount: p.amount,
      due_on: p.dueOn,
      paid: p.paid,
      status: partStatus(p, p === next, today),
    })),
    paid,
    outstanding: total - paid,
    next: next && { number: next.number, amount: partBalance(next), due_on: next.dueOn },
    max_payable: total - paid,
  };
}

/** What a rent payment paid, in words ("part 2 of 2"), or null for a full year or another kind (SQL). */
export const rentPartsWordsOf = (paymentId: string | SQL | AnyPgColumn) => sql<string | null>`(
  select case when max(yc.n) <= 1 then null
    when min(rp.number) = max(rp.number) then 'part ' || min(rp.number) || ' of ' || max(yc.n)
    else 'parts ' || min(rp.number) || '–' || max(rp.number) || ' of ' || max(yc.n) end
  from ${rentPartPayments} rpp
  join ${rentParts} rp on rp.id = rpp.rent_part_id
  cross join lateral (select count(*)::int as n from ${rentParts} yc2
    where yc2.tenancy_id = rp.tenancy_id and yc2.year_start = rp.year_start) yc
  where rpp.payment_id = ${paymentId})`;

/** The latest year's parts of the tenancy in the outer statement over `tenancies` (SQL condition on `ry`). */
const latestYearOfOuter = sql`ry.tenancy_id = ${outerTenancy} and ry.year_start = (
  select max(ly.year_start) from ${rentParts} ly where ly.tenancy_id = ${outerTenancy})`;

/**
 * A tenancy's latest year as the tenants CSV lists it (SQL over `tenancies`): its plan, what is paid
 * of it and what is left. A year paid whole before plans reads `full`, all paid (`price`).
 */
export const rentYearColumns = (price: typeof rooms.price) => ({
  plan: sql<string>`coalesce((select min(ry.plan) from ${rentParts} ry where ${latestYearOfOuter}), 'full')`,
  paid: sql<number>`coalesce((select sum(ry.paid) from ${rentParts} ry where ${latestYearOfOuter}), ${price})`.mapWith(
    Number,
  ),
  outstanding:
    sql<number>`coalesce((select sum(ry.amount - ry.paid) from ${rentParts} ry where ${latestYearOfOuter}), 0)`.mapWith(
      Number,
    ),
});

/** The first day of the tenancy-year a rent payment paid parts of, or null (paid before plans) (SQL). */
export const rentYearStartOf = (paymentId: string | SQL | AnyPgColumn) => sql<string | null>`(
  select min(ry.year_start) from ${rentPartPayments} rypp
  join ${rentParts} ry on ry.id = rypp.rent_part_id where rypp.payment_id = ${paymentId})`;

export type RentQuote = {
  amount: number;
  /** Set when the payment starts a year (a first rent, a renewal): its plan and the year's rent. */
  rentPlan: RentPlanName | null;
  rentYear: number | null;
  /** What the checkout page says it pays: "Rent for 12 months", "Rent, part 2 of 2". */
  words: string;
};

const naira = formatNaira;

/**
 * How much of a room's rent this student may start paying now, and on which plan (docs/domain.md,
 * "Rent plans"), once `checkRoomPayment` has said she may pay at all. A year not started (a first
 * rent, a renewal) is paid on `full` or the room's plan: at least its first part, at most the
 * year; the full plan is the price exactly (a differing amount is "the price has changed", 409). A
 * running year with parts unpaid takes at least the next part's balance and at most what is left.
 */
export async function quoteRent(
  db: DbOrTx,
  userId: string,
  room: typeof rooms.$inferSelect,
  hostelPlan: RentPlanName,
  input: { plan?: RentPlanName | undefined; amount?: number | undefined },
): Promise<RentQuote> {
  const [running] = await db
    .select({ id: tenancies.id })
    .from(tenancies)
    .where(and(tenancyRunning, eq(tenancies.roomId, room.id), eq(tenancies.userId, userId)))
    .limit(1);
  const parts = running ? await yearPartsOf(db, running.id) : [];
  const unpaid = parts.filter((p) => partBalance(p) > 0);
  const next = unpaid[0];
  if (next) {
    const yearPlan = next.plan;
    const of = parts.length;
    if (input.plan && input.plan !== yearPlan) {
      const { message } = renewalOf({
        dueDate: next.dueOn,
        noticeMoveOutOn: null,
        unpaidPart: { number: next.number, of, balance: partBalance(next) },
      });
      throw conflict(message ?? 'Pay this year first', {
        plan: `This year is on its own plan; pay part ${next.number} first`,
      });
    }
    const least = partBalance(next);
    const most = unpaid.reduce((sum, p) => sum + partBalance(p), 0);
    const amount = input.amount ?? least;
    if (amount < least || amount > most) {
      throw badRequest(
        least === most
          ? `Pay ${naira(least)}: what is left of this year's rent (part ${next.number} of ${of}).`
          : `Pay between ${naira(least)} (part ${next.number} of ${of}) and ${naira(most)} (all that is left of this year's rent).`,
        { amount: `Between ${naira(least)} and ${naira(most)}` },
      );
    }
    const paidTo = [];
    let remaining = amount;
    for (const p of unpaid) {
      if (remaining <= 0) break;
      paidTo.push(p.number);
      remaining -= partBalance(p);
    }
    return { amount, rentPlan: null, rentYear: null, words: `Rent, ${partsInWords(paidTo, of)}` };
  }

  const offered = effectiveRentPlan(room, hostelPlan);
  const plan = input.plan ?? 'full';
  if (plan !== 'full' && plan !== offered) {
    throw badRequest(
      offered === 'full'
        ? "This room's rent is paid for the full year at once (plan full)"
        : `This room's rent may be paid in full (plan full) or on its plan (${offered}): ${RENT_PLAN_LABEL[offered]}`,
      { plan: offered === 'full' ? 'Only full' : `Choose full or ${offered}` },
    );
  }
  const yearRent = room.price;
  if (plan === 'full') {
    if (input.amount !== undefined && input.amount !== yearRent) {
      throw conflict(`The price has changed to ${naira(yearRent)}. Please review and try again.`, {
        amount: `The amount is now ${naira(yearRent)}`,
      });
    }
    return { amount: yearRent, rentPlan: 'full', rentYear: yearRent, words: 'Rent for 12 months' };
  }
  const split = splitRent(plan, yearRent, todayInLagos());
  const first = split[0]?.amount ?? yearRent;
  const amount = input.amount ?? first;
  if (amount < first || amount > yearRent) {
    throw badRequest(
      `On this plan pay at least the first part, ${naira(first)}, and at most the year's rent, ${naira(yearRent)}.`,
      { amount: `Between ${naira(first)} and ${naira(yearRent)}` },
    );
  }
  let covered = 0;
  const numbers = split.filter((p) => {
    const counts = covered < amount;
    covered += p.amount;
    return counts;
  });
  return {
    amount,
    rentPlan: plan,
    rentYear: yearRent,
    words: `Rent, ${partsInWords(
      numbers.map((p) => p.number),
      split.length,
    )} (${RENT_PLAN_LABEL[plan]})`,
  };
}

/** The next unpaid part of a tenancy's latest year, if any (for renewal's guard and the profile). */
export const nextUnpaidPart = (parts: RentPartRow[]) => parts.find((p) => partBalance(p) > 0) ?? null;

export type RentDue = {
  tenancy_id: string;
  room_id: string;
  hostel_id: string;
  /** The part this pays (1 for a full year's only part). */
  part_number: number;
  parts_in_year: number;
  amount: number;
  due_on: string;
};

/**
 * The rent a student owes now on her running tenancy: the balance of its next unpaid part, with
 * which part, its due date, room and hostel; null when she rents nothing or her year is paid
 * (a renewal is a new year, chosen by her, not owed). For matching money that arrives by other
 * means (a bank transfer) to what she owes.
 */
export async function rentDueOf(db: DbOrTx, userId: string): Promise<RentDue | null> {
  const [tenancy] = await db
    .select({ id: tenancies.id, roomId: tenancies.roomId, hostelId: tenancies.hostelId })
    .from(tenancies)
    .where(and(tenancyRunning, eq(tenancies.userId, userId)))
    .orderBy(asc(tenancies.createdAt))
    .limit(1);
  if (!tenancy) return null;
  const parts = await yearPartsOf(db, tenancy.id);
  const next = nextUnpaidPart(parts);
  if (!next) return null;
  return {
    tenancy_id: tenancy.id,
    room_id: tenancy.roomId,
    hostel_id: tenancy.hostelId,
    part_number: next.number,
    parts_in_year: parts.length,
    amount: partBalance(next),
    due_on: next.dueOn,
  };
}
