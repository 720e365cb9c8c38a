import { type AdminSettings, DATA_EXPORT_HOURS, formatLagosDate } from '@studynest/contracts';
import type { Deps } from '../../deps.ts';
import { recordScheduledAction } from '../audit/index.ts';
import { removeRequestPhotos, requestsWithPhotosEndedBefore } from '../maintenance/index.ts';
import { getSettings } from '../settings/index.ts';
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
 * its own way; the job logs every deletion in the activity log. A new kind (students' documents,
 * deleted a set number of days after a tenancy ends or an application is abandoned) is one more
 * entry: app.ts hands in the kinds of modules that come after this one in the module order.
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

/** The kinds this module knows; documents plug in beside them (see RetainedFileKind). */
export const RETAINED_FILE_KINDS: readonly RetainedFileKind[] = [maintenancePhotos, dataExportFiles];

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
