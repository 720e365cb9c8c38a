import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DATA_EXPORT_HOURS, type DataExport, ERROR_CODES, formatLagosDateTime } from '@studynest/contracts';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { queueMessages } from '../messages/index.ts';
import { type ExportParts, exportPersonData } from './data-export.service.ts';
import { dataExports } from './users.schema.ts';

export const DATA_EXPORT_QUEUE = 'data-exports.build';
/** A request still pending this long after it was made has lost its job (its process died). */
const STRANDED_MINUTES = 10;
const HOUR_MS = 3_600_000;

type Row = typeof dataExports.$inferSelect;

export const toDataExport = (r: Row): DataExport => ({
  _id: r.id,
  status: r.status,
  requested_at: r.requestedAt.toISOString(),
  ready_at: r.readyAt?.toISOString() ?? null,
  expires_at: r.expiresAt?.toISOString() ?? null,
});

/**
 * Ask for her data: one pending request per person (a unique index holds that whatever two
 * requests race); the job builds it and e-mails the link.
 */
export async function requestDataExport(deps: Pick<Deps, 'db' | 'jobs'>, userId: string): Promise<Row> {
  const [row] = await deps.db.insert(dataExports).values({ userId }).onConflictDoNothing().returning();
  if (!row) {
    throw new AppError(
      409,
      "Your data is already being prepared. We'll e-mail you a link within a few minutes; ask again after it has arrived.",
      undefined,
      undefined,
      ERROR_CODES.dataExportPending,
    );
  }
  await deps.jobs.enqueue(DATA_EXPORT_QUEUE, [row.id]);
  return row;
}

/** Her requests whose file still exists or is being made, newest first. */
export const listDataExports = ({ db }: Pick<Deps, 'db'>, userId: string) =>
  db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(10);

/**
 * The link's token: signs the export and its owner, so a link opens that one export of that one
 * person; when it stops working is the row's (a token cannot outlive the file it names).
 */
export function downloadToken(deps: Pick<Deps, 'config'>, row: Pick<Row, 'id' | 'userId'>) {
  return createHmac('sha256', derivedKey(deps.config.jwtSecret, 'data-export'))
    .update(`${row.id}:${row.userId}`)
    .digest('base64url');
}

export const downloadUrl = (deps: Pick<Deps, 'config'>, row: Pick<Row, 'id' | 'userId'>) =>
  `${deps.config.publicUrl}/api/user/data-exports/${row.id}/download?token=${downloadToken(deps, row)}`;

/**
 * Build one export (the job): the ZIP into private storage, the row ready with its expiry, and the
 * e-mail with the link, in that order. A job run twice finds the row no longer pending and stops;
 * a run that died after storing the file stores a new one (the old key is random and unreferenced,
 * and the file is small).
 */
export async function buildDataExport(
  deps: Pick<Deps, 'db' | 'jobs' | 'storage' | 'privateStorage' | 'config'>,
  parts: ExportParts,
  exportId: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ exp: dataExports, email: users.email, firstName: users.firstName, deletedAt: users.deletedAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  if (row?.exp.status !== 'pending') return;
  if (row.deletedAt) {
    await deps.db.delete(dataExports).where(eq(dataExports.id, exportId));
    return;
  }
  const zip = await exportPersonData(deps, row.exp.userId, parts);
  const storageKey = `data-exports/${exportId}-${randomBytes(12).toString('hex')}.zip`;
  await deps.privateStorage.put(storageKey, Buffer.from(zip), 'application/zip');
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_HOURS * HOUR_MS);
  const [ready] = await deps.db
    .update(dataExports)
    .set({ status: 'ready', storageKey, sizeBytes: zip.byteLength, readyAt, expiresAt })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
    .returning();
  if (!ready) {
    await deps.privateStorage.remove(storageKey);
    return;
  }
  await queueMessages(deps, [
    {
      channel: 'email',
      to: row.email,
      userId: ready.userId,
      topic: 'account',
      subject: 'Your StudyNest data is ready to download',
      text: [
        `Hello ${row.firstName},`,
        '',
        'You asked for a copy of everything StudyNest holds about you. It is ready:',
        '',
        downloadUrl(deps, ready),
        '',
        `The link works for ${DATA_EXPORT_HOURS} hours, until ${formatLagosDateTime(expiresAt)} (Lagos time); then the file is deleted and you can ask again from your account page. It opens only your own data: do not forward this e-mail.`,
        '',
        'If you did not ask for this, change your password now.',
      ].join('\n'),
      key: `data-export:${exportId}`,
    },
  ]);
}

/** The job's last attempt failed: she is told so on her account page and may ask again. */
export async function markDataExportFailed({ db }: Pick<Deps, 'db'>, exportId: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
}

/** Pending requests whose job was lost are queued again (the job key keeps one per request). */
export async function requeueStrandedExports(deps: Pick<Deps, 'db' | 'jobs'>): Promise<number> {
  const rows = await deps.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.status, 'pending'),
        lt(dataExports.requestedAt, sql`now() - make_interval(mins => ${STRANDED_MINUTES})`),
      ),
    );
  await deps.jobs.enqueue(
    DATA_EXPORT_QUEUE,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** Why a link does not open: the words a person reads (as a page, or JSON for an API client). */
export const DOWNLOAD_REFUSALS = {
  unknown:
    'This download link is not one we sent, or it was cut short. Open the link from the e-mail as it is.',
  expired: `This download link has expired: links work for ${DATA_EXPORT_HOURS} hours, then the file is deleted. Ask for your data again from your account page (Password, devices and your data).`,
  notReady: 'Your data is still being prepared. Use the link in the e-mail we send when it is ready.',
} as const;

/**
 * The ZIP behind an e-mailed link, only with the token signed for this export and its owner, before
 * it expires, and only while the owner's account exists. 404 for a link we did not sign (an
 * export's id alone, or another person's token), 410 once expired.
 */
export async function openDataExport(
  deps: Pick<Deps, 'db' | 'config' | 'privateStorage'>,
  exportId: string,
  token: string,
): Promise<Buffer> {
  const [row] = await deps.db
    .select({ exp: dataExports, deletedAt: users.deletedAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  const signed = (r: Row) => {
    const expected = Buffer.from(downloadToken(deps, r));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!row || row.deletedAt || !signed(row.exp)) throw notFound(DOWNLOAD_REFUSALS.unknown);
  if (row.exp.status !== 'ready' || !row.exp.storageKey) throw new AppError(409, DOWNLOAD_REFUSALS.notReady);
  if (!row.exp.expiresAt || row.exp.expiresAt.getTime() <= Date.now()) {
    throw new AppError(410, DOWNLOAD_REFUSALS.expired);
  }
  const zip = await deps.privateStorage.get(row.exp.storageKey);
  if (!zip) throw new AppError(410, DOWNLOAD_REFUSALS.expired);
  await deps.db.update(dataExports).set({ downloadedAt: new Date() }).where(eq(dataExports.id, exportId));
  return zip;
}

/**
 * Exports past their day (ready ones whose link expired) and requests that ended without a file
 * (failed, or pending for over a day): the retention job deletes them.
 */
export async function listExpiredExports({ db }: Pick<Deps, 'db'>, now: Date) {
  const dayAgo = new Date(now.getTime() - DATA_EXPORT_HOURS * HOUR_MS);
  return db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      expiresAt: dataExports.expiresAt,
      userId: dataExports.userId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(
      or(
        and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
        and(eq(dataExports.status, 'failed'), lt(dataExports.requestedAt, dayAgo)),
        and(eq(dataExports.status, 'pending'), lt(dataExports.requestedAt, dayAgo)),
      ),
    );
}

/** The file first, then the row: a file whose row is gone could never be found again. */
export async function deleteDataExport(
  deps: Pick<Deps, 'db' | 'privateStorage'>,
  exportId: string,
): Promise<void> {
  const [row] = await deps.db
    .select({ storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(eq(dataExports.id, exportId));
  if (!row) return;
  if (row.storageKey) await deps.privateStorage.remove(row.storageKey);
  await deps.db.delete(dataExports).where(eq(dataExports.id, exportId));
}
