import {
  CONDITION_LIMITS,
  type ConditionItem,
  type ConditionRecord,
  type ConditionReport,
  formatLagosDate,
  type Photo,
} from '@studynest/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { photoRowValues } from '../../storage/photo-rows.ts';
import { jpegKey, type PhotoFiles, type StoredImage } from '../../storage/photos.ts';
import type { AuthUser } from '../auth/index.ts';
import { ANSWER_LINK_SECONDS, signedConditionPhoto } from './condition-photo-links.ts';
import { conditionItems, conditionPhotos, conditionReports, tenancies } from './tenancies.schema.ts';

/** The rules are in docs/domain.md ("The room's condition"). */

type LinkDeps = Pick<Deps, 'config'>;

/** Photos a tenancy may hold in all: every item of a full report with its three, and room to redo some. */
export const MAX_PHOTOS_PER_TENANCY = CONDITION_LIMITS.maxItems * CONDITION_LIMITS.maxPhotosPerItem;

const NOT_YOURS = 'No tenancy of yours has this id';

/**
 * The tenancy, if the caller may see its condition report: its tenant or an admin. Anyone else is
 * told it does not exist, as for a tenancy id that is unknown.
 */
export async function tenancyForCondition(db: DbOrTx, user: AuthUser, tenancyId: string, lock = false) {
  const query = db
    .select({ id: tenancies.id, userId: tenancies.userId, endedAt: tenancies.endedAt })
    .from(tenancies)
    .where(eq(tenancies.id, tenancyId))
    .limit(1);
  const [tenancy] = lock ? await query.for('update') : await query;
  if (!tenancy || (user.role !== 'admin' && tenancy.userId !== user.id)) throw notFound(NOT_YOURS);
  return tenancy;
}

/** Only a running tenancy's report is written: after move-out it is the record the deductions rest on. */
export async function writableTenancy(db: DbOrTx, user: AuthUser, tenancyId: string, lock = false) {
  const tenancy = await tenancyForCondition(db, user, tenancyId, lock);
  if (tenancy.endedAt) {
    throw conflict('This tenancy has ended: its condition report can no longer change');
  }
  return tenancy;
}

/** Refuse an upload before its photos are read when the tenancy already holds its most. */
export async function readyForConditionPhotos(deps: Pick<Deps, 'db'>, user: AuthUser, tenancyId: string) {
  await writableTenancy(deps.db, user, tenancyId);
  const [held] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(conditionPhotos)
    .where(eq(conditionPhotos.tenancyId, tenancyId));
  if ((held?.n ?? 0) >= MAX_PHOTOS_PER_TENANCY) {
    throw conflict(
      `This tenancy already has ${MAX_PHOTOS_PER_TENANCY} condition photos, the most it may hold`,
    );
  }
}

/** POST /tenancies/{id}/condition/photos: keep the photos for the report's items to name. */
export async function addConditionPhotos(
  deps: Pick<Deps, 'db' | 'config'>,
  user: AuthUser,
  tenancyId: string,
  images: StoredImage[],
): Promise<Photo[]> {
  if (!images.length) {
    throw badRequest('Choose at least one photo (field photos)', { photos: 'Choose a photo' });
  }
  return deps.db.transaction(async (tx) => {
    await writableTenancy(tx, user, tenancyId, true);
    const rows = await tx
      .insert(conditionPhotos)
      .values(photoRowValues(images, 0).map((row) => ({ ...row, tenancyId, uploadedBy: user.id })))
      .returning();
    return rows.map((row) => signedConditionPhoto(deps.config, row));
  });
}

/**
 * POST /tenancies/{id}/condition: a new version of the report. An admin's is confirmed as it is
 * written; the tenant's awaits an admin's confirmation, and she may not write over a confirmed one
 * (an admin records the correction). The tenancy row is locked, so two recorders get two versions.
 */
export async function recordCondition(
  deps: Pick<Deps, 'db' | 'config'>,
  user: AuthUser,
  tenancyId: string,
  input: ConditionRecord,
): Promise<ConditionReport> {
  const byAdmin = user.role === 'admin';
  return deps.db.transaction(async (tx) => {
    await writableTenancy(tx, user, tenancyId, true);
    const [latest] = await latestReports(tx, tenancyId, 1);
    if (!byAdmin && latest?.status === 'confirmed') {
      throw conflict(
        `Your room's condition report was confirmed on ${formatLagosDate(latest.confirmedAt!)} and cannot be changed; ask the hostel's admin to record a correction`,
      );
    }
    await checkPhotos(tx, tenancyId, input);
    const [report] = await tx
      .insert(conditionReports)
      .values({
        tenancyId,
        version: (latest?.version ?? 0) + 1,
        status: byAdmin ? 'confirmed' : 'awaiting_confirmation',
        recordedBy: user.id,
        recordedByRole: byAdmin ? 'admin' : 'tenant',
        confirmedBy: byAdmin ? user.id : null,
        confirmedAt: byAdmin ? sql`now()` : null,
      })
      .returning();
    await tx.insert(conditionItems).values(
      input.items.map((item, position) => ({
        reportId: report!.id,
        position,
        name: item.name,
        state: item.state,
        note: item.note || null,
        photoIds: item.photo_ids,
      })),
    );
    const [shown] = await readReports(tx, deps, eq(conditionReports.id, report!.id));
    return shown!;
  });
}

/** Every photo an item names must be one uploaded for this tenancy's report, named once per item. */
async function checkPhotos(tx: Tx, tenancyId: string, input: ConditionRecord) {
  const named = [...new Set(input.items.flatMap((i) => i.photo_ids))];
  const found = named.length
    ? await tx
        .select({ id: conditionPhotos.id })
        .from(conditionPhotos)
        .where(and(eq(conditionPhotos.tenancyId, tenancyId), inArray(conditionPhotos.id, named)))
    : [];
  const known = new Set(found.map((p) => p.id));
  input.items.forEach((item, i) => {
    if (new Set(item.photo_ids).size !== item.photo_ids.length) {
      throw badRequest(`Item ${i + 1} (${item.name}) names the same photo twice`, {
        [`items.${i}.photo_ids`]: 'The same photo is named twice',
      });
    }
    if (item.photo_ids.some((id) => !known.has(id))) {
      throw badRequest(
        `Item ${i + 1} (${item.name}) names a photo that was not uploaded for this tenancy's report`,
        { [`items.${i}.photo_ids`]: 'Upload the photo for this report first' },
      );
    }
  });
}

/** POST /admin/tenancies/{id}/condition/confirm: the admin confirms the tenant's latest version. */
export async function confirmCondition(
  deps: Pick<Deps, 'db' | 'config'>,
  admin: AuthUser,
  tenancyId: string,
): Promise<ConditionReport> {
  return deps.db.transaction(async (tx) => {
    await tenancyForCondition(tx, admin, tenancyId, true);
    const [latest] = await latestReports(tx, tenancyId, 1);
    if (!latest) throw notFound('This tenancy has no condition report to confirm');
    if (latest.status === 'confirmed') {
      throw conflict(`Version ${latest.version} of this condition report is already confirmed`);
    }
    await tx
      .update(conditionReports)
      .set({ status: 'confirmed', confirmedBy: admin.id, confirmedAt: sql`now()` })
      .where(eq(conditionReports.id, latest.id));
    const [shown] = await readReports(tx, deps, eq(conditionReports.id, latest.id));
    return shown!;
  });
}

/** GET /tenancies/{id}/condition: every version, newest first. */
export async function listCondition(
  deps: Pick<Deps, 'db' | 'config'>,
  user: AuthUser,
  tenancyId: string,
): Promise<ConditionReport[]> {
  await tenancyForCondition(deps.db, user, tenancyId);
  return readReports(deps.db, deps, eq(conditionReports.tenancyId, tenancyId));
}

const latestReports = (db: DbOrTx, tenancyId: string, limit: number) =>
  db
    .select()
    .from(conditionReports)
    .where(eq(conditionReports.tenancyId, tenancyId))
    .orderBy(desc(conditionReports.version))
    .limit(limit);

/** The items of these reports, each report's in the recorder's order. */
const itemsOf = (db: DbOrTx, reports: { id: string }[]) =>
  db
    .select()
    .from(conditionItems)
    .where(
      inArray(
        conditionItems.reportId,
        reports.map((r) => r.id),
      ),
    )
    .orderBy(asc(conditionItems.position));

async function readReports(
  db: DbOrTx,
  deps: LinkDeps,
  where: ReturnType<typeof eq>,
): Promise<ConditionReport[]> {
  const reports = await db
    .select()
    .from(conditionReports)
    .where(where)
    .orderBy(desc(conditionReports.version));
  if (!reports.length) return [];
  const items = await itemsOf(db, reports);
  const shown = await conditionItemsJson(db, deps, items);
  return reports.map((r) => ({
    _id: r.id,
    tenancy_id: r.tenancyId,
    version: r.version,
    status: r.status,
    recorded_by: r.recordedByRole,
    recorded_at: r.recordedAt.toISOString(),
    confirmed_at: r.confirmedAt?.toISOString() ?? null,
    items: shown.filter((i) => i.reportId === r.id).map(({ reportId: _, ...item }) => item),
  }));
}

type ItemRow = typeof conditionItems.$inferSelect;

/** Items as the API shows them, their photos' links signed for `seconds`. */
export async function conditionItemsJson(
  db: DbOrTx,
  deps: LinkDeps,
  items: ItemRow[],
  seconds = ANSWER_LINK_SECONDS,
): Promise<(ConditionItem & { reportId: string })[]> {
  const photoIds = [...new Set(items.flatMap((i) => i.photoIds))];
  const photos: PhotoFiles[] = photoIds.length
    ? await db.select().from(conditionPhotos).where(inArray(conditionPhotos.id, photoIds))
    : [];
  const byId = new Map(photos.map((p) => [p.id, p]));
  return items.map((i) => ({
    _id: i.id,
    reportId: i.reportId,
    name: i.name,
    state: i.state,
    note: i.note,
    photos: i.photoIds.flatMap((id) => {
      const photo = byId.get(id);
      return photo ? [signedConditionPhoto(deps.config, photo, seconds)] : [];
    }),
  }));
}

/**
 * The condition items a move-out's deductions point to, checked to belong to one of this
 * tenancy's reports (any version: a correction does not void what an earlier one showed).
 */
export async function checkDeductionItems(
  tx: Tx,
  tenancyId: string,
  deductions: { condition_item_id?: string | null | undefined }[],
) {
  const named = [...new Set(deductions.flatMap((d) => (d.condition_item_id ? [d.condition_item_id] : [])))];
  if (!named.length) return;
  const found = await tx
    .select({ id: conditionItems.id })
    .from(conditionItems)
    .innerJoin(conditionReports, eq(conditionReports.id, conditionItems.reportId))
    .where(and(eq(conditionReports.tenancyId, tenancyId), inArray(conditionItems.id, named)));
  const known = new Set(found.map((f) => f.id));
  deductions.forEach((d, i) => {
    if (d.condition_item_id && !known.has(d.condition_item_id)) {
      throw badRequest(
        `Deduction ${i + 1} points to an item that is not in this tenancy's condition report`,
        {
          [`deductions.${i}.condition_item_id`]: "Choose an item of this tenancy's condition report",
        },
      );
    }
  });
}

/**
 * The condition reports of her tenancies for "Download my data" (docs/domain.md, "Access"): every
 * version with its items as stored, and the photos of her tenancies (whoever took them) with their
 * files from the private storage, under `condition-photos/`.
 */
export async function conditionExportOf(
  deps: Pick<Deps, 'db' | 'privateStorage'>,
  userId: string,
): Promise<{ reports: unknown[]; photos: unknown[]; files: Record<string, Uint8Array> }> {
  const { db } = deps;
  const ofHers = db.select({ id: tenancies.id }).from(tenancies).where(eq(tenancies.userId, userId));
  const reports = await db
    .select()
    .from(conditionReports)
    .where(inArray(conditionReports.tenancyId, ofHers))
    .orderBy(asc(conditionReports.tenancyId), asc(conditionReports.version));
  const items = reports.length ? await itemsOf(db, reports) : [];
  const photos = await db.select().from(conditionPhotos).where(inArray(conditionPhotos.tenancyId, ofHers));
  const files: Record<string, Uint8Array> = {};
  const shownPhotos = [];
  for (const { storageKey, ...photo } of photos) {
    const data = await deps.privateStorage.get(jpegKey(storageKey));
    const name = `condition-photos/${photo.id}.jpg`;
    if (data) files[name] = data;
    shownPhotos.push({ ...photo, file: data ? name : null });
  }
  return {
    reports: reports.map((r) => ({ ...r, items: items.filter((i) => i.reportId === r.id) })),
    photos: shownPhotos,
    files,
  };
}
