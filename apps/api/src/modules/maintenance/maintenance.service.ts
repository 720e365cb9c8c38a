import {
  addBusinessDays,
  MAINTENANCE_TARGETS,
  type MaintenanceRequest,
  type MaintenanceStatus,
  type MaintenanceUrgency,
} from '@studynest/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { jpegKey, type StoredImage } from '../../storage/photos.ts';
import { personRefColumns } from '../auth/index.ts';
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

type Report = { category: MaintenanceRequest['category']; description: string; urgency: MaintenanceUrgency };

/** One transaction: the report, its first history entry and the tenant's acknowledgement. */
export async function reportMaintenance(
  deps: Pick<Deps, 'db' | 'jobs' | 'storage'>,
  userId: string,
  report: Report,
  photos: StoredImage[],
): Promise<MaintenanceRequest> {
  const tenancy = await currentTenancy(deps, userId);
  const now = new Date();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceRequests)
      .values({
        userId,
        roomId: tenancy.roomId,
        hostelId: tenancy.hostelId,
        tenancyId: tenancy.id,
        ...report,
        photos,
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

/** Requests with their places, people and history, as the API shows them. */
async function loadRequests(
  deps: Pick<Deps, 'db' | 'storage'>,
  where: SQL | undefined,
): Promise<MaintenanceRequest[]> {
  const rows = await joinWhoAndWhere(
    deps.db
      .select({
        request: maintenanceRequests,
        hostel: hostelRefColumns,
        room: roomRefColumns,
        user: personRefColumns,
      })
      .from(maintenanceRequests)
      .$dynamic(),
    maintenanceRequests,
  )
    .where(where)
    // Unfinished work first, the most urgent deadline first; then finished, latest first.
    .orderBy(
      sql`${maintenanceRequests.status} = 'done'`,
      sql`case when ${maintenanceRequests.status} = 'done' then null else ${maintenanceRequests.dueBy} end`,
      desc(maintenanceRequests.updatedAt),
    )
    .limit(200);
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
  const now = Date.now();
  return rows.map(({ request: r, hostel, room, user }) => ({
    _id: r.id,
    category: r.category,
    description: r.description,
    urgency: r.urgency,
    status: r.status,
    photos: r.photos.map((p) => deps.storage.url(jpegKey(p.storageKey))),
    hostel,
    room,
    user,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    due_by: r.dueBy.toISOString(),
    overdue: r.status !== 'done' && r.dueBy.getTime() < now,
    history: events
      .filter((e) => e.requestId === r.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.createdAt.toISOString() })),
  }));
}

/** A tenant's own reports (finished ones too), for the profile. */
export const listMyMaintenance = (deps: Pick<Deps, 'db' | 'storage'>, userId: string) =>
  loadRequests(deps, eq(maintenanceRequests.userId, userId));

/** The admins' queue, optionally one status or one hostel. */
export const listMaintenance = (
  deps: Pick<Deps, 'db' | 'storage'>,
  filter: { status?: MaintenanceStatus | undefined; hostel_id?: string | undefined },
) =>
  loadRequests(
    deps,
    and(
      filter.status ? eq(maintenanceRequests.status, filter.status) : undefined,
      filter.hostel_id ? eq(maintenanceRequests.hostelId, filter.hostel_id) : undefined,
    ),
  );

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
