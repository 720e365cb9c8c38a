import {
  addBusinessDays,
  addDays,
  lagosInstant,
  MAINTENANCE_LIMITS,
  MAINTENANCE_TARGETS,
  type MaintenanceListQuery,
  type MaintenanceRequest,
  type MaintenanceStatus,
  type MaintenanceUrgency,
  todayInLagos,
} from '@studynest/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { removePhotos, type StoredImage, toPhoto } from '../../storage/photos.ts';
import { personRefColumns, users } from '../auth/index.ts';
import { hostelRefColumns } from '../hostels/index.ts';
import { queueMessages } from '../messages/index.ts';
import { joinWhoAndWhere, roomRefColumns } from '../rooms/index.ts';
import { tenancies, tenancyRunning } from '../tenancies/index.ts';
import { maintenanceEvents, maintenanceRequests } from './maintenance.schema.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The help page's promise for a report made at `at`. */
export const dueByFor = (urgency: MaintenanceUrgency, at: Date) =>
  urgency === 'emergency'
    ? new Date(at.getTime() + MAINTENANCE_TARGETS.emergencyHours * HOUR_MS)
    : addBusinessDays(at, MAINTENANCE_TARGETS.normalBusinessDays);

const STATUS_WORDS: Record<MaintenanceStatus, string> = {
  open: 'received',
  in_progress: 'being worked on',
  done: 'done',
};

/** The tenant's running tenancy (the latest, for a student renting two rooms), or a clear 403. */
export async function currentTenancy({ db }: Pick<Deps, 'db'>, userId: string) {
  const [tenancy] = await db
    .select({ id: tenancies.id, roomId: tenancies.roomId, hostelId: tenancies.hostelId })
    .from(tenancies)
    .where(and(eq(tenancies.userId, userId), tenancyRunning))
    .orderBy(desc(tenancies.createdAt))
    .limit(1);
  if (!tenancy) {
    throw forbidden(
      'Only tenants can report maintenance here. If you live in one of our hostels, pay your rent online first, or call or e-mail us about the problem.',
    );
  }
  return tenancy;
}

/**
 * How long a tenant at the open-reports limit is asked to wait before trying again. When one of
 * theirs will be done is not known, so this only keeps a client from retrying in a tight loop.
 */
const OPEN_LIMIT_RETRY_SECONDS = 60 * 60;

/**
 * 429 when the tenant already has MAINTENANCE_LIMITS.openPerTenant unfinished reports, or has made
 * MAINTENANCE_LIMITS.perLagosDay today (Lagos calendar). The same limits hold for emergencies: a
 * script can send those too, so the message points a person in danger to the helpline instead.
 * Only final inside `reportMaintenance`'s transaction, which holds the tenant's lock.
 */
async function assertRoomForReport(
  db: DbOrTx,
  supportPhone: string,
  userId: string,
  now: Date,
): Promise<void> {
  const today = todayInLagos(now);
  const dayStart = lagosInstant(today, '00:00');
  const unfinished = ne(maintenanceRequests.status, 'done');
  const madeToday = gte(maintenanceRequests.createdAt, dayStart);
  const [counts] = await db
    .select({
      open: count(sql`case when ${unfinished} then 1 end`),
      today: count(sql`case when ${madeToday} then 1 end`),
    })
    .from(maintenanceRequests)
    .where(and(eq(maintenanceRequests.userId, userId), or(unfinished, madeToday)));
  const danger = `If anyone is in danger (a live wire, fire or flooding), call our 24/7 helpline on ${supportPhone} now.`;
  const open = counts?.open ?? 0;
  if (open >= MAINTENANCE_LIMITS.openPerTenant) {
    throw new AppError(
      429,
      `You already have ${open} maintenance reports we have not finished. We will take a new one as soon as one of them is done. ${danger}`,
      undefined,
      { 'retry-after': String(OPEN_LIMIT_RETRY_SECONDS) },
    );
  }
  const made = counts?.today ?? 0;
  if (made >= MAINTENANCE_LIMITS.perLagosDay) {
    const tomorrow = lagosInstant(addDays(today, 1), '00:00');
    const seconds = Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
    throw new AppError(
      429,
      `You have sent ${made} maintenance reports today, the most we take from one tenant in a day. You can report again from midnight (Lagos time). ${danger}`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
}

/**
 * Before any photo is stored: the tenant's running tenancy, and room under their limits. A quick
 * answer only; `reportMaintenance` checks the limits again under the tenant's lock.
 */
export async function readyToReport(deps: Pick<Deps, 'db' | 'config'>, userId: string) {
  const tenancy = await currentTenancy(deps, userId);
  await assertRoomForReport(deps.db, deps.config.site.supportPhone, userId, new Date());
  return tenancy;
}

type Report = { category: MaintenanceRequest['category']; description: string; urgency: MaintenanceUrgency };

/**
 * One transaction: the limits, the report and its first history entry; then the tenant's
 * acknowledgement, so a refused report queues no e-mail. `now` is when it was reported: the
 * request's time, or an earlier one for the demo data's history (its deadline runs from then).
 */
export async function reportMaintenance(
  deps: Pick<Deps, 'db' | 'jobs' | 'storage' | 'config'>,
  userId: string,
  report: Report,
  photos: StoredImage[],
  now = new Date(),
): Promise<MaintenanceRequest> {
  const tenancy = await currentTenancy(deps, userId);
  const id = await deps.db.transaction(async (tx) => {
    // The tenant's row is their lock: parallel reports from one tenant count one after another, so
    // a burst cannot all see room under the limit. "No key update" leaves rows that only point at
    // the user (sessions, payments) free to be written meanwhile.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await assertRoomForReport(tx, deps.config.site.supportPhone, userId, now);
    const [row] = await tx
      .insert(maintenanceRequests)
      .values({
        userId,
        roomId: tenancy.roomId,
        hostelId: tenancy.hostelId,
        tenancyId: tenancy.id,
        ...report,
        photos,
        // One instant for both, so the queue's deadline order is the order of reporting.
        createdAt: now,
        dueBy: dueByFor(report.urgency, now),
      })
      .returning({ id: maintenanceRequests.id });
    const requestId = (row as { id: string }).id;
    await tx.insert(maintenanceEvents).values({ requestId, status: 'open', actorId: userId });
    return requestId;
  });
  const [created] = await loadRequests(deps, eq(maintenanceRequests.id, id));
  if (!created) throw new Error('maintenance request vanished after insert');
  await notifyTenant(deps, created, `${id}:open`);
  return created;
}

async function notifyTenant(deps: Pick<Deps, 'db' | 'jobs'>, request: MaintenanceRequest, key: string) {
  const last = request.history.at(-1);
  const target =
    request.urgency === 'emergency'
      ? `We aim to fix emergencies within ${MAINTENANCE_TARGETS.emergencyHours} hours.`
      : `We aim to fix it within ${MAINTENANCE_TARGETS.normalBusinessDays} business days.`;
  const lines = [
    `Hello ${request.user.first_name},`,
    '',
    `Your ${request.category} report for ${request.room.room_number}, ${request.hostel.hostel_name} is ${STATUS_WORDS[request.status]}.`,
    ...(last?.note ? ['', `Note from StudyNest: ${last.note}`] : []),
    ...(request.status === 'done' ? [] : ['', target]),
    '',
    `What you reported: ${request.description}`,
  ];
  await queueMessages(deps, [
    {
      channel: 'email',
      to: request.user.email,
      userId: request.user._id,
      topic: 'maintenance',
      subject: `StudyNest: your ${request.category} report is ${STATUS_WORDS[request.status]}`,
      text: lines.join('\n'),
      key: `maintenance:${key}`,
    },
  ]);
}

/** Not done and past its promised time: the queue's overdue flag and the home's overdue count. */
const overdueNow = sql<boolean>`(${maintenanceRequests.status} <> 'done' and ${maintenanceRequests.dueBy} < now())`;

/** Requests with their places, people and history, as the API shows them. */
async function loadRequests(
  deps: Pick<Deps, 'db' | 'storage'>,
  where: SQL | undefined,
  page: { limit: number; offset: number } = { limit: MAINTENANCE_LIMITS.maxPageSize, offset: 0 },
): Promise<MaintenanceRequest[]> {
  const rows = await joinWhoAndWhere(
    deps.db
      .select({
        request: maintenanceRequests,
        isOverdue: overdueNow,
        hostel: hostelRefColumns,
        room: roomRefColumns,
        user: personRefColumns,
      })
      .from(maintenanceRequests)
      .$dynamic(),
    maintenanceRequests,
  )
    .where(where)
    // Unfinished work first: emergencies before other repairs, so no number of ordinary reports can
    // push one off the first page; within each, the earliest deadline (so the oldest report) first.
    // Then finished, latest first. The id settles ties, so pages neither repeat nor skip a row.
    .orderBy(
      sql`${maintenanceRequests.status} = 'done'`,
      sql`case when ${maintenanceRequests.status} = 'done' then null else ${maintenanceRequests.urgency} <> 'emergency' end`,
      sql`case when ${maintenanceRequests.status} = 'done' then null else ${maintenanceRequests.dueBy} end`,
      desc(maintenanceRequests.updatedAt),
      asc(maintenanceRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  if (!rows.length) return [];
  const events = await deps.db
    .select()
    .from(maintenanceEvents)
    .where(
      inArray(
        maintenanceEvents.requestId,
        rows.map((r) => r.request.id),
      ),
    )
    .orderBy(asc(maintenanceEvents.createdAt), asc(maintenanceEvents.id));
  return rows.map(({ request: r, isOverdue, hostel, room, user }) => ({
    _id: r.id,
    category: r.category,
    description: r.description,
    urgency: r.urgency,
    status: r.status,
    // A report's photos have no rows of their own: the file name (a UUID) is their id.
    photos: r.photos.map((p) =>
      toPhoto(deps.storage, { ...p, id: p.storageKey.split('/').pop() ?? p.storageKey }),
    ),
    hostel,
    room,
    user,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    due_by: r.dueBy.toISOString(),
    overdue: Boolean(isOverdue),
    history: events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.createdAt.toISOString() })),
  }));
}

/** A tenant's own reports (finished ones too), for the profile. */
export const listMyMaintenance = (deps: Pick<Deps, 'db' | 'storage'>, userId: string) =>
  loadRequests(deps, eq(maintenanceRequests.userId, userId));

/** One page of the admins' queue, optionally one status or one hostel, with the total for X-Total-Count. */
export async function listMaintenance(
  deps: Pick<Deps, 'db' | 'storage'>,
  query: MaintenanceListQuery,
): Promise<{ items: MaintenanceRequest[]; total: number }> {
  const where = and(
    query.status ? eq(maintenanceRequests.status, query.status) : undefined,
    query.hostel_id ? eq(maintenanceRequests.hostelId, query.hostel_id) : undefined,
  );
  const page = { limit: query.limit ?? MAINTENANCE_LIMITS.pageSize, offset: query.offset ?? 0 };
  const [items, [totalRow]] = await Promise.all([
    loadRequests(deps, where, page),
    deps.db.select({ n: count() }).from(maintenanceRequests).where(where),
  ]);
  return { items, total: totalRow?.n ?? items.length };
}

/**
 * The admin home's maintenance figures, by the queue's own rules: open and in progress as its status
 * filter counts them, overdue as it flags them (not done, past due_by), and its first unfinished
 * requests in its order.
 */
export async function maintenanceSummary(deps: Pick<Deps, 'db' | 'storage'>, shown: number) {
  const unfinished = ne(maintenanceRequests.status, 'done');
  const [[row], first] = await Promise.all([
    deps.db
      .select({
        open: sql<number>`count(*) filter (where ${maintenanceRequests.status} = 'open')`.mapWith(Number),
        inProgress:
          sql<number>`count(*) filter (where ${maintenanceRequests.status} = 'in_progress')`.mapWith(Number),
        emergencies:
          sql<number>`count(*) filter (where ${maintenanceRequests.urgency} = 'emergency')`.mapWith(Number),
        overdue: sql<number>`count(*) filter (where ${overdueNow})`.mapWith(Number),
      })
      .from(maintenanceRequests)
      .where(unfinished),
    loadRequests(deps, unfinished, { limit: shown, offset: 0 }),
  ]);
  return {
    open: row?.open ?? 0,
    in_progress: row?.inProgress ?? 0,
    emergencies: row?.emergencies ?? 0,
    overdue: row?.overdue ?? 0,
    next: first,
  };
}

/** Move a request on (or add a note); the tenant is told each time. */
export async function updateMaintenance(
  deps: Pick<Deps, 'db' | 'jobs' | 'storage'>,
  actorId: string,
  id: string,
  change: { status: MaintenanceStatus; note?: string | undefined },
): Promise<MaintenanceRequest> {
  const note = change.note || null;
  const eventId = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: maintenanceRequests.status })
      .from(maintenanceRequests)
      .where(eq(maintenanceRequests.id, id))
      .for('update');
    if (!current) throw notFound('No maintenance request with that id');
    if (current.status === change.status && !note) {
      throw badRequest(
        `This request is already ${STATUS_WORDS[change.status]}; add a note to tell the tenant more`,
        {
          status: 'Unchanged',
        },
      );
    }
    await tx
      .update(maintenanceRequests)
      .set({ status: change.status, updatedAt: sql`now()` })
      .where(eq(maintenanceRequests.id, id));
    const [event] = await tx
      .insert(maintenanceEvents)
      .values({ requestId: id, status: change.status, note, actorId })
      .returning({ id: maintenanceEvents.id });
    return (event as { id: string }).id;
  });
  const [updated] = await loadRequests(deps, eq(maintenanceRequests.id, id));
  if (!updated) throw notFound('No maintenance request with that id');
  await notifyTenant(deps, updated, `${id}:${eventId}`);
  return updated;
}

/**
 * A person's account is deleted: the photos she attached go from storage, once the rows no longer
 * name them (a file that cannot be removed is left behind rather than a row pointing at nothing).
 * Answers how many photos were removed.
 */
export async function removeMaintenancePhotosOf(
  deps: Pick<Deps, 'db' | 'storage'>,
  userId: string,
): Promise<number> {
  const rows = await deps.db
    .select({ photos: maintenanceRequests.photos })
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.userId, userId));
  const photos = rows.flatMap((r) => r.photos);
  if (photos.length === 0) return 0;
  await deps.db.update(maintenanceRequests).set({ photos: [] }).where(eq(maintenanceRequests.userId, userId));
  await removePhotos(deps.storage, photos);
  return photos.length;
}

/** One person's maintenance requests as stored (her data export). */
export const listMaintenanceRowsOf = ({ db }: Pick<Deps, 'db'>, userId: string) =>
  db.select().from(maintenanceRequests).where(eq(maintenanceRequests.userId, userId));

/**
 * Requests still holding photos whose tenancy ended before `endedBefore` (the retention job): the
 * photos show the inside of her room and her things; the request's words, dates and notes stay.
 */
export const requestsWithPhotosEndedBefore = ({ db }: Pick<Deps, 'db'>, endedBefore: Date) =>
  db
    .select({
      id: maintenanceRequests.id,
      userId: maintenanceRequests.userId,
      category: maintenanceRequests.category,
      photos: maintenanceRequests.photos,
      endedAt: tenancies.endedAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(maintenanceRequests)
    .innerJoin(tenancies, eq(tenancies.id, maintenanceRequests.tenancyId))
    .innerJoin(users, eq(users.id, maintenanceRequests.userId))
    .where(
      and(lt(tenancies.endedAt, endedBefore), sql`jsonb_array_length(${maintenanceRequests.photos}) > 0`),
    );

/** One request's photos go: the row stops naming them first, then the files are removed. */
export async function removeRequestPhotos(
  deps: Pick<Deps, 'db' | 'storage'>,
  requestId: string,
): Promise<number> {
  const [row] = await deps.db
    .select({ photos: maintenanceRequests.photos })
    .from(maintenanceRequests)
    .where(eq(maintenanceRequests.id, requestId));
  if (!row?.photos.length) return 0;
  await deps.db.update(maintenanceRequests).set({ photos: [] }).where(eq(maintenanceRequests.id, requestId));
  await removePhotos(deps.storage, row.photos);
  return row.photos.length;
}
