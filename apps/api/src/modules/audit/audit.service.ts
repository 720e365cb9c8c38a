import type { AuditEntry } from '@studynest/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { users } from '../auth/index.ts';
import { adminAudit } from './audit.schema.ts';

export type AdminAction = {
  actorId: string;
  action: string;
  targetId: string | null;
  statusCode: number;
  ip: string;
};

export async function recordAdminAction({ db }: Pick<Deps, 'db'>, entry: AdminAction): Promise<void> {
  await db.insert(adminAudit).values(entry);
}

/** Newest first, with the total for X-Total-Count. */
export async function listAdminActions(
  { db }: Pick<Deps, 'db'>,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: adminAudit, actorEmail: users.email })
      .from(adminAudit)
      .leftJoin(users, eq(users.id, adminAudit.actorId))
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(adminAudit),
  ]);
  return {
    total: Number(total?.n ?? 0),
    entries: rows.map(({ entry, actorEmail }) => ({
      _id: entry.id,
      actor: entry.actorId && actorEmail ? { _id: entry.actorId, email: actorEmail } : null,
      action: entry.action,
      target_id: entry.targetId,
      status_code: entry.statusCode,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}
