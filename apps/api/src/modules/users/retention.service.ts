import { type AdminSettings, DATA_EXPORT_HOURS, formatLagosDate } from '@studynest/contracts';
import { DOCUMENT_KIND_LABELS } from '@studynest/contracts/documents';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { recordScheduledAction } from '../audit/index.ts';
import { users } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { removeDocument, studentDocuments } from '../documents/index.ts';
import { removeRequestPhotos, requestsWithPhotosEndedBefore } from '../maintenance/index.ts';
import { payments } from '../payments/index.ts';
import { getSettings } from '../settings/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { deleteDataExport, listExpiredExports } from './data-exports.service.ts';

const DAY_MS = 86_400_000;

type RetentionDeps = Pick<Deps, 'db' | 'storage' | 'privateStorage' | 'log'>;

/** One set of files about one person that has passed its period, as the activity log names it. */
export type DueFiles = {
  /** The row holding the files (a request, an export, a document). */
  id: string;
  person: { id: string; name: string };
  /** What goes, in words after "Deleted <name>'s": "2 photos of a plumbing request". */
  what: string;
  /** Why now, in words: "tenancy ended 3 Jan 2026; kept 90 days". */
  why: string;
};

/**
 * A kind of file about a person that is kept for a set time and then deleted by the nightly
 * retention job (docs/domain.md, "Retention"). Each kind finds its own due files and deletes them
 * its own way; the job logs every deletion in the activity log. A new kind is one more entry:
 * startup.ts hands in the kinds of modules that come after this one in the module order.
 */
export type RetainedFileKind = {
  name: string;
  due: (deps: RetentionDeps, now: Date, settings: AdminSettings) => Promise<DueFiles[]>;
  remove: (deps: RetentionDeps, item: DueFiles) => Promise<void>;
};

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/**
 * Maintenance photos: the hostel's record of a repair is the request (what, when, the admins'
 * notes), which stays; its photos show the inside of her room and her belongings, and are kept
 * only as long as a question about her tenancy may need them: `document_retention_days` after it
 * ended, the same period as her documents (at least 30 days, past the deposit's settlement).
 */
const maintenancePhotos: RetainedFileKind = {
  name: 'maintenance_photos',
  async due(deps, now, settings) {
    const days = settings.document_retention_days;
    const rows = await requestsWithPhotosEndedBefore(deps, new Date(now.getTime() - days * DAY_MS));
    return rows.map((r) => ({
      id: r.id,
      person: { id: r.userId, name: fullName(r) },
      what: `${r.photos.length === 1 ? '1 photo' : `${r.photos.length} photos`} of a repair request (${r.category})`,
      why: `tenancy ended ${r.endedAt ? formatLagosDate(r.endedAt) : 'earlier'}; kept ${days} days`,
    }));
  },
  remove: async (deps, item) => {
    await removeRequestPhotos(deps, item.id);
  },
};

/** "Download my data" files: their link works for a day, and the file goes with it. */
const dataExportFiles: RetainedFileKind = {
  name: 'data_exports',
  async due(deps, now) {
    const rows = await listExpiredExports(deps, now);
    return rows.map((r) => ({
      id: r.id,
      person: { id: r.userId, name: fullName(r) },
      what: r.status === 'ready' ? 'data export' : `unfinished data export request (${r.status})`,
      why: `its link expired after ${DATA_EXPORT_HOURS} hours`,
    }));
  },
  remove: (deps, item) => deleteDataExport(deps, item.id),
};

/**
 * Students' documents (ID, admission letter): needed to decide on a tenancy, not once it is over or
 * the application was dropped. A document goes `document_retention_days` after her last dealing
 * with us: when she has no tenancy that has not ended, no inspection booking pending or confirmed,
 * no payment pending, and the latest of the document's upload, her tenancies' ends, her bookings
 * and her payments is more than that many days before now (docs/domain.md, "Retention").
 */
const studentDocumentFiles: RetainedFileKind = {
  name: 'student_documents',
  async due(deps, now, settings) {
    const days = settings.document_retention_days;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const owner = studentDocuments.userId;
    const lastEnded = sql`(select max(${tenancies.endedAt}) from ${tenancies} where ${tenancies.userId} = ${owner})`;
    const lastBooked = sql`(select max(${bookings.createdAt}) from ${bookings} where ${bookings.userId} = ${owner})`;
    const lastPaid = sql`(select max(${payments.createdAt}) from ${payments} where ${payments.userId} = ${owner})`;
    const lastDealing = sql`greatest(${studentDocuments.uploadedAt}, ${lastEnded}, ${lastBooked}, ${lastPaid})`;
    const rows = await deps.db
      .select({
        id: studentDocuments.id,
        kind: studentDocuments.kind,
        userId: owner,
        firstName: users.firstName,
        lastName: users.lastName,
        lastEnded: sql`${lastEnded}`.mapWith(tenancies.endedAt),
        lastDealing: sql`${lastDealing}`.mapWith(studentDocuments.uploadedAt),
      })
      .from(studentDocuments)
      .innerJoin(users, eq(users.id, owner))
      .where(
        and(
          sql`${lastDealing} < ${cutoff.toISOString()}::timestamptz`,
          notExists(
            deps.db
              .select({ id: tenancies.id })
              .from(tenancies)
              .where(and(eq(tenancies.userId, owner), isNull(tenancies.endedAt))),
          ),
          notExists(
            deps.db
              .select({ id: bookings.id })
              .from(bookings)
              .where(and(eq(bookings.userId, owner), inArray(bookings.status, ['pending', 'confirmed']))),
          ),
          notExists(
            deps.db
              .select({ id: payments.id })
              .from(payments)
              .where(and(eq(payments.userId, owner), eq(payments.status, 'pending'))),
          ),
        ),
      );
    return rows.map((r) => {
      const last: Date = r.lastDealing;
      const ended = r.lastEnded?.getTime() === last.getTime();
      return {
        id: r.id,
        person: { id: r.userId, name: fullName(r) },
        what: DOCUMENT_KIND_LABELS[r.kind],
        why: ended
          ? `tenancy ended ${formatLagosDate(last)}; kept ${days} days`
          : `no tenancy, booking or payment since ${formatLagosDate(last)}; kept ${days} days`,
      };
    });
  },
  remove: (deps, item) => removeDocument(deps, item.id),
};

/** The kinds this module knows, and modules before it in the module order. */
export const RETAINED_FILE_KINDS: readonly RetainedFileKind[] = [
  maintenancePhotos,
  studentDocumentFiles,
  dataExportFiles,
];

/**
 * Delete every file past its period, kind by kind, and write each deletion to the activity log.
 * One failure is logged and skipped: the next night tries it again. Answers what was deleted.
 */
export async function runRetention(
  deps: RetentionDeps,
  kinds: readonly RetainedFileKind[],
  now = new Date(),
): Promise<{ kind: string; item: DueFiles }[]> {
  const settings = await getSettings(deps);
  const done: { kind: string; item: DueFiles }[] = [];
  for (const kind of kinds) {
    for (const item of await kind.due(deps, now, settings)) {
      try {
        await kind.remove(deps, item);
        await recordScheduledAction(deps, 'retention', {
          kind: 'retention.deleted',
          person: item.person,
          detail: item.what,
          reason: item.why,
          target: item.id,
        });
        done.push({ kind: kind.name, item });
      } catch (err) {
        deps.log.error(
          { err, kind: kind.name, id: item.id },
          'retention: a deletion failed; tried again tomorrow',
        );
      }
    }
  }
  return done;
}
