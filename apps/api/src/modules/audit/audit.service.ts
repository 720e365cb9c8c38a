import {
  type AuditDescription,
  type AuditEntry,
  type AuditQuery,
  addDays,
  describeAuditAction,
  lagosInstant,
} from '@studynest/contracts';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { users } from '../auth/index.ts';
import { adminAudit } from './audit.schema.ts';

export type AdminAction = {
  actorId: string;
  action: string;
  targetId: string | null;
  description: AuditDescription | null;
  statusCode: number;
  ip: string;
};

export async function recordAdminAction({ db }: Pick<Deps, 'db'>, entry: AdminAction): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

/** The first instant of a Lagos calendar day. */
const lagosMidnight = (date: string) => lagosInstant(date, '00:00');

/** `%`, `_` and `\` typed by a person are letters, not patterns. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtersOf(query: AuditQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.kind) conditions.push(sql`${adminAudit.description}->>'kind' = ${query.kind}`);
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
      summary: entry.description ? describeAuditAction(entry.description) : entry.action,
      target_id: entry.targetId,
      status_code: entry.statusCode,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}
