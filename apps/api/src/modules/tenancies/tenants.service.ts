import { daysBetween, type Tenant, todayInLagos } from '@studynest/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { hostels } from '../hostels/index.ts';
import { payments } from '../payments/index.ts';
import { joinWhoAndWhere, rooms, selectWithWhoAndWhere } from '../rooms/index.ts';
import { rentParts, tenancies } from './tenancies.schema.ts';
import { depositHeldAmount, noticeGiven, tenancyRunning, toNotice, toTenancyDates } from './tenancy-rules.ts';

/** GET /payments/tenants: running tenancies, soonest due first, with what each tenant paid in rent for that room. */
export async function listTenants({ db }: Pick<Deps, 'db'>): Promise<Tenant[]> {
  const paid = db
    .select({
      userId: payments.userId,
      roomId: payments.roomId,
      total: sql<string>`sum(${payments.amount})`.as('total'),
    })
    .from(payments)
    .where(and(eq(payments.kind, 'rent'), eq(payments.status, 'success'), eq(payments.needsRefund, false)))
    .groupBy(payments.userId, payments.roomId)
    .as('paid');
  const rows = await selectWithWhoAndWhere(db, tenancies, {
    tenancy: tenancies,
    total: paid.total,
    depositHeld: depositHeldAmount(tenancies.userId, tenancies.roomId),
  })
    .leftJoin(paid, and(eq(paid.userId, tenancies.userId), eq(paid.roomId, tenancies.roomId)))
    .where(tenancyRunning)
    .orderBy(tenancies.dueDate, hostels.hostelName, rooms.roomNumber);
  const unpaid = new Map<string, Omit<UnpaidRentPart, 'tenancyId'>[]>();
  for (const { tenancyId, ...part } of await unpaidRentParts(
    db,
    rows.map((r) => r.tenancy.id),
  )) {
    unpaid.set(tenancyId, [...(unpaid.get(tenancyId) ?? []), part]);
  }
  const today = todayInLagos();
  return rows.map(({ tenancy, user, room, hostel, total, depositHeld }) => ({
    user,
    hostel,
    room,
    ...toTenancyDates(tenancy),
    daysLeft: daysBetween(today, tenancy.dueDate),
    amountPaid: Number(total ?? 0),
    tenancy_id: tenancy.id,
    deposit_held: Number(depositHeld),
    notice: toNotice(tenancy),
    rent_parts_unpaid: unpaid.get(tenancy.id) ?? [],
  }));
}

/**
 * The parts of these tenancies' rent not fully paid, oldest first. Only the latest year can have
 * any: a year is not renewed while a part of it is unpaid (docs/domain.md, "Rent plans").
 */
async function unpaidRentParts(db: Deps['db'], tenancyIds: string[]) {
  if (!tenancyIds.length) return [];
  return db
    .select({
      tenancyId: rentParts.tenancyId,
      number: rentParts.number,
      // Named in full: drizzle leaves the outer columns unqualified, which the subquery would read as its own.
      of: sql<number>`(select count(*) from ${rentParts} yp
        where yp.tenancy_id = "rent_parts"."tenancy_id" and yp.year_start = "rent_parts"."year_start")`.mapWith(
        Number,
      ),
      due_on: rentParts.dueOn,
      balance: sql<number>`${rentParts.amount} - ${rentParts.paid}`.mapWith(Number),
    })
    .from(rentParts)
    .where(and(inArray(rentParts.tenancyId, tenancyIds), sql`${rentParts.paid} < ${rentParts.amount}`))
    .orderBy(asc(rentParts.dueOn), asc(rentParts.number));
}

type UnpaidRentPart = Awaited<ReturnType<typeof unpaidRentParts>>[number];

/** How many tenants the Tenants list shows, and how many of them have given notice, counted in SQL. */
export async function countTenants({
  db,
}: Pick<Deps, 'db'>): Promise<{ current: number; given_notice: number }> {
  const [row] = await joinWhoAndWhere(
    db
      .select({ current: count(), givenNotice: count(sql`case when ${noticeGiven} then 1 end`) })
      .from(tenancies)
      .$dynamic(),
    tenancies,
  ).where(tenancyRunning);
  return { current: Number(row?.current ?? 0), given_notice: Number(row?.givenNotice ?? 0) };
}
