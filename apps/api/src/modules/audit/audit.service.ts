import {
  type AuditDescription,
  type AuditEntry,
  type AuditKind,
  type AuditQuery,
  addDays,
  describeAuditAction,
  lagosInstant,
} from '@studynest/contracts';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { users } from '../auth/index.ts';
import { adminAudit } from './audit.schema.ts';

export type AdminAction = {
  /** Null for a scheduled job's action (recordScheduledAction). */
  actorId: string | null;
  action: string;
  targetId: string | null;
  description: AuditDescription | null;
  statusCode: number;
  ip: string;
};

export async function recordAdminAction({ db }: Pick<Deps, 'db'>, entry: AdminAction): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

/**
 * Kinds first written after descriptions were kept: every entry of theirs carries its description,
 * so none needs a route to be read (a document's review, one route, is approved or rejected).
 */
export const KINDS_ALWAYS_DESCRIBED: ReadonlySet<AuditKind> = new Set<AuditKind>([
  'document.viewed',
  'document.approved',
  'document.rejected',
  'retention.deleted',
]);

/**
 * What kind of action each admin write route is, for entries kept before descriptions (migration
 * 0024): they have only their method and route, and still read as a sentence of their kind.
 */
const KIND_OF_ROUTE: Record<string, AuditKind> = {
  'POST /api/admin/refunds': 'refund.created',
  'POST /api/admin/refunds/:id/check': 'refund.checked',
  'POST /api/admin/refunds/close': 'refund.closed',
  'POST /api/admin/credits/:id/allocate': 'credit.allocated',
  'POST /api/admin/credits/:id/refund': 'credit.refunded',
  'POST /api/admin/tenancies/:id/move-out': 'tenancy.moved_out',
  'POST /api/tenancies/:id/condition': 'tenancy.condition_recorded',
  'POST /api/admin/tenancies/:id/condition/confirm': 'tenancy.condition_confirmed',
  'PATCH /api/admin/maintenance/:id': 'maintenance.updated',
  'POST /api/admin/messages': 'message.sent',
  'POST /api/admin/messages/preview': 'message.previewed',
  'POST /api/admin/messages/:id/retry': 'message.retried',
  'POST /api/hostels': 'hostel.created',
  'PATCH /api/hostels/:id': 'hostel.updated',
  'PUT /api/hostels/:id': 'hostel.updated',
  'DELETE /api/hostels/:id': 'hostel.deleted',
  'POST /api/hostels/:id/close': 'hostel.closed',
  'POST /api/hostels/:id/reopen': 'hostel.reopened',
  'POST /api/rooms': 'room.created',
  'PATCH /api/rooms/:id': 'room.updated',
  'PUT /api/rooms/:id': 'room.updated',
  'PATCH /api/rooms/:id/status': 'room.status_changed',
  'DELETE /api/rooms/:id': 'room.deleted',
  'POST /api/rooms/:id/photos': 'room.photos_added',
  'DELETE /api/rooms/:id/photos/:photoId': 'room.photo_removed',
  'PATCH /api/reviews/:id': 'review.moderated',
  'PUT /api/reviews/:id': 'review.moderated',
  'POST /api/hostel-reviews/:id/hide': 'review.moderated',
  'POST /api/hostel-reviews/:id/unhide': 'review.moderated',
  'PUT /api/admin/settings': 'settings.changed',
  'POST /api/auth/admin/signup': 'admin.created',
  'DELETE /api/user/:id': 'user.deleted',
  'POST /api/user/:id/two-step/reset': 'two_step.reset',
  'POST /api/auth/mfa/setup': 'two_step.setup',
  'POST /api/auth/mfa/enable': 'two_step.enabled',
  'POST /api/auth/mfa/disable': 'two_step.disabled',
  'POST /api/admin/reconciliation': 'reconciliation.run',
};

/** The kind of an admin write from its method and route ("POST /api/admin/refunds"), when it is one. */
export const auditKindOfAction = (action: string): AuditKind | undefined => KIND_OF_ROUTE[action];

/**
 * An entry in words: from its description, or, on an entry kept before descriptions, from the kind
 * its route is, in general words; a route no kind knows reads by its method alone.
 */
export function auditSummary(action: string, description: AuditDescription | null): string {
  if (description) return describeAuditAction(description);
  const kind = auditKindOfAction(action);
  const said = kind
    ? describeAuditAction({ kind })
    : (GENERIC_CHANGE[action.split(' ')[0] ?? ''] ?? 'Changed something');
  return `${said} (recorded before the log kept names and amounts)`;
}

const GENERIC_CHANGE: Record<string, string> = {
  POST: 'Made a change in the admin pages',
  PATCH: 'Updated a record in the admin pages',
  PUT: 'Updated a record in the admin pages',
  DELETE: 'Deleted a record in the admin pages',
};

/** The first instant of a Lagos calendar day. */
const lagosMidnight = (date: string) => lagosInstant(date, '00:00');

/** `%`, `_` and `\` typed by a person are letters, not patterns. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(query: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.kind) {
    const routes = Object.keys(KIND_OF_ROUTE).filter((route) => KIND_OF_ROUTE[route] === query.kind);
    conditions.push(
      or(
        sql`${adminAudit.description}->>'kind' = ${query.kind}`,
        and(isNull(adminAudit.description), inArray(adminAudit.action, routes)),
      ),
    );
  }
  if (query.from) conditions.push(gte(adminAudit.createdAt, lagosMidnight(query.from)));
  if (query.to) conditions.push(lt(adminAudit.createdAt, lagosMidnight(addDays(query.to, 1))));
  if (query.person) {
    const like = containing(query.person);
    conditions.push(
      or(
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(sql`${adminAudit.description}->'person'->>'name'`, like),
        ilike(sql`${adminAudit.description}->'person'->>'email'`, like),
      ),
    );
  }
  return and(...conditions);
}

/** Newest first, filtered, with the total of the filtered log for X-Total-Count. */
export async function listAdminActions(
  { db }: Pick<Deps, 'db'>,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = filtersOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: adminAudit,
        actor: { email: users.email, first: users.firstName, last: users.lastName },
      })
      .from(adminAudit)
      .leftJoin(users, eq(users.id, adminAudit.actorId))
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(query.limit ?? 100)
      .offset(query.offset ?? 0),
    db.select({ n: count() }).from(adminAudit).leftJoin(users, eq(users.id, adminAudit.actorId)).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    entries: rows.map(({ entry, actor }) => ({
      _id: entry.id,
      actor:
        entry.actorId && actor?.email
          ? { _id: entry.actorId, email: actor.email, name: `${actor.first} ${actor.last}`.trim() }
          : null,
      action: entry.action,
      description: entry.description,
      kind: entry.description?.kind ?? auditKindOfAction(entry.action) ?? null,
      summary: auditSummary(entry.action, entry.description),
      target_id: entry.targetId,
      status_code: entry.statusCode,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/** What a scheduled job did on the company's behalf (retention's deletions): no admin, no address. */
export async function recordScheduledAction(
  deps: Pick<Deps, 'db'>,
  job: string,
  description: AuditDescription,
): Promise<void> {
  await recordAdminAction(deps, {
    actorId: null,
    action: `JOB ${job}`,
    targetId: description.target ?? description.person?.id ?? null,
    description,
    statusCode: 200,
    ip: '',
  });
}
