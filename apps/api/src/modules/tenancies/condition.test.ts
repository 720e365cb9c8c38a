import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type ConditionReport,
  DEFAULT_CONDITION_ITEMS,
  type Photo,
  type Profile,
  todayInLagos,
} from '@studynest/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { signedInUser } from '../../../test/factories.ts';
import { anonymous, type Caller, send, sendForm } from '../../../test/requests.ts';
import { adminAudit } from '../audit/audit.schema.ts';
import { multipart, pdf, pngPhoto, smallJpeg } from '../hostels/hostels.fixtures.ts';
import { messageDeliveries } from '../messages/messages.schema.ts';
import { paidTenant, type Student } from '../payments/payments.fixtures.ts';
import { signedConditionPhoto } from './condition-photo-links.ts';
import { conditionPhotos, tenancyDeductions } from './tenancies.schema.ts';

/** The room's condition at move-in (docs/domain.md, "The room's condition"). */
describe("the room's condition", () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const tenant = () =>
    paidTenant(t, { room: { agentFee: 20_000, cautionFee: 50_000, price: 400_000 }, deposit: true });

  const items = (photoIds: string[] = []) =>
    DEFAULT_CONDITION_ITEMS.map((name) => ({
      name,
      state: name === 'Wardrobe' ? 'damaged' : 'good',
      ...(name === 'Wardrobe' ? { note: 'Left door hinge loose', photo_ids: photoIds } : {}),
    }));

  const upload = async (who: Caller, tenancyId: string, files = [{ data: pngPhoto() }]) =>
    sendForm(
      t,
      who,
      'POST',
      `/api/tenancies/${tenancyId}/condition/photos`,
      await multipart(
        {},
        await Promise.all(
          files.map(async (f, i) => ({
            data: await f.data,
            field: 'photos',
            filename: `room-${i}.png`,
            type: 'image/png',
          })),
        ),
      ),
    );
  const record = (who: Caller, tenancyId: string, body: unknown) =>
    send(t, who, 'POST', `/api/tenancies/${tenancyId}/condition`, body as Record<string, unknown>);
  const reports = (who: Caller, tenancyId: string) =>
    send(t, who, 'GET', `/api/tenancies/${tenancyId}/condition`);
  /** Her profile's line about the report (GET /user/{id}, rentDetails). */
  const profileLine = async (student: Student) => {
    const res = await send(t, student, 'GET', `/api/user/${student.user.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { tenancy_id, condition } = (res.json() as Profile).rentDetails!;
    return { tenancy_id, condition };
  };
  /** A signed link as the answer gave it, fetched by whoever holds it (no token needed). */
  const open = (url: string, who: Caller = anonymous) => {
    const u = new URL(url);
    return send(t, who, 'GET', `${u.pathname}${u.search}`);
  };
  const privateFiles = async () => {
    const dir = path.join(t.config.dataDir, 'private', 'condition');
    return readdir(dir).catch(() => [] as string[]);
  };

  it('an admin records it with a photo: confirmed at once, private, in the activity log', async () => {
    const { tenancy, student } = await tenant();
    const up = await upload(admin, tenancy.id);
    expect(up.statusCode, up.body).toBe(201);
    const [photo] = up.json() as Photo[];
    // Never a public listing photo: not under /uploads, and its files only in the private storage.
    expect(photo!.src).toContain('/api/condition-photos/');
    expect(photo!.src).not.toContain('/uploads/');
    expect(await privateFiles()).toContain(photo!.src.split('/').pop()!.split('?')[0]);

    const res = await record(admin, tenancy.id, { items: items([photo!._id]) });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json() as ConditionReport;
    expect(report).toMatchObject({
      version: 1,
      status: 'confirmed',
      recorded_by: 'admin',
      tenancy_id: tenancy.id,
    });
    expect(report.confirmed_at).not.toBeNull();
    expect(report.items).toHaveLength(DEFAULT_CONDITION_ITEMS.length);
    const wardrobe = report.items.find((i) => i.name === 'Wardrobe')!;
    expect(wardrobe).toMatchObject({ state: 'damaged', note: 'Left door hinge loose' });
    expect(wardrobe.photos).toHaveLength(1);

    // The tenant sees it, and the photo opens from its link; the re-encoded JPEG, not the upload.
    const mine = await reports(student, tenancy.id);
    expect(mine.statusCode, mine.body).toBe(200);
    const shown = (mine.json() as ConditionReport[])[0]!.items.find((i) => i.name === 'Wardrobe')!;
    const file = await open(shown.photos[0]!.src);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const webp = await open(shown.photos[0]!.variants[0]!.url);
    expect(webp.headers['content-type']).toBe('image/webp');

    const audited = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.targetId, tenancy.id), eq(adminAudit.actorId, admin.user.id)));
    expect(audited.map((a) => a.action)).toEqual(['POST /api/tenancies/:id/condition']);
  });

  it('the tenant records it, an admin confirms it, and from then on only an admin can correct it (a new version)', async () => {
    const { tenancy, student } = await tenant();
    // Her profile names the tenancy, so her page can read and write its report.
    expect(await profileLine(student)).toEqual({
      tenancy_id: tenancy.id,
      condition: { status: 'not_recorded', confirmed_at: null },
    });
    const up = await upload(student, tenancy.id);
    expect(up.statusCode, up.body).toBe(201);
    const photoId = (up.json() as Photo[])[0]!._id;
    const first = await record(student, tenancy.id, { items: items([photoId]) });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      version: 1,
      status: 'awaiting_confirmation',
      recorded_by: 'tenant',
      confirmed_at: null,
    });
    // Until an admin confirms, she may record again: a second version; the first is kept.
    const second = await record(student, tenancy.id, { items: items([photoId]).slice(0, 3) });
    expect(second.json()).toMatchObject({ version: 2, status: 'awaiting_confirmation' });
    expect((await profileLine(student)).condition).toEqual({
      status: 'awaiting_confirmation',
      confirmed_at: null,
    });

    // Only an admin confirms.
    const byHer = await send(t, student, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`);
    expect(byHer.statusCode).toBe(403);
    const confirmed = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ version: 2, status: 'confirmed' });
    expect((await profileLine(student)).condition).toEqual({
      status: 'confirmed',
      confirmed_at: (confirmed.json() as ConditionReport).confirmed_at,
    });

    // Confirmed already: she cannot change it, nor can it be confirmed twice.
    const late = await record(student, tenancy.id, { items: items() });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/confirmed .* cannot be changed; ask the hostel's admin/);
    const twice = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Version 2 of this condition report is already confirmed');

    // An admin's correction is version 3; every version is kept, newest first.
    const fixed = await record(admin, tenancy.id, {
      items: [
        { name: 'Wardrobe', state: 'fair', note: 'Hinge fixed before she moved in', photo_ids: [photoId] },
      ],
    });
    expect(fixed.json()).toMatchObject({ version: 3, status: 'confirmed', recorded_by: 'admin' });
    const all = (await reports(student, tenancy.id)).json() as ConditionReport[];
    expect(all.map((r) => [r.version, r.status, r.items.length])).toEqual([
      [3, 'confirmed', 1],
      [2, 'confirmed', 3],
      [1, 'awaiting_confirmation', DEFAULT_CONDITION_ITEMS.length],
    ]);
  });

  it("refuses a stranger, a bad state, another tenancy's photo and a photo of the wrong type, writing nothing", async () => {
    const { tenancy, student } = await tenant();
    const other = await signedInUser(t);
    // Not her tenancy: as if it did not exist, for every operation.
    for (const res of [
      await record(other, tenancy.id, { items: items() }),
      await reports(other, tenancy.id),
      await upload(other, tenancy.id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No tenancy of yours has this id');
    }
    expect((await record(anonymous, tenancy.id, { items: items() })).statusCode).toBe(401);

    // A bad state, no items, a note too long: 400 naming the field.
    const bad = await record(student, tenancy.id, { items: [{ name: 'Bed', state: 'broken' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'items.0.state': 'State must be one of: good, fair, damaged, missing',
    });
    expect((await record(student, tenancy.id, { items: [] })).json().fields).toEqual({
      items: 'List at least one item',
    });
    const longNote = await record(student, tenancy.id, {
      items: [{ name: 'Bed', state: 'good', note: 'x'.repeat(501) }],
    });
    expect(longNote.json().fields).toEqual({ 'items.0.note': 'Note must be at most 500 characters' });

    // A PDF named like a photo: 415 naming the file, nothing stored.
    const before = await privateFiles();
    const wrongType = await sendForm(
      t,
      student,
      'POST',
      `/api/tenancies/${tenancy.id}/condition/photos`,
      await multipart({}, [{ data: pdf, field: 'photos', filename: 'wardrobe.jpg' }]),
    );
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().message).toMatch(/^Photo 1 \(wardrobe\.jpg\) is not a JPEG, PNG or HEIC photo/);
    expect(await privateFiles()).toEqual(before);

    // A photo of another tenancy cannot be named.
    const elsewhere = await tenant();
    const theirs = (await upload(elsewhere.student, elsewhere.tenancy.id)).json() as Photo[];
    const stolen = await record(student, tenancy.id, { items: items([theirs[0]!._id]) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields).toEqual({ 'items.2.photo_ids': 'Upload the photo for this report first' });
    expect((await reports(student, tenancy.id)).json()).toEqual([]);
    // Nothing to confirm yet.
    expect(
      (await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`)).statusCode,
    ).toBe(404);
  });

  it('a move-out deduction points to an item; another tenancy’s item is refused; the e-mail links open for her only', async () => {
    const { tenancy, student } = await tenant();
    const up = await upload(student, tenancy.id, [{ data: smallJpeg(3) }, { data: pngPhoto() }]);
    const photoIds = (up.json() as Photo[]).map((p) => p._id);
    expect((await record(student, tenancy.id, { items: items(photoIds) })).statusCode).toBe(201);
    expect(
      (await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/condition/confirm`)).statusCode,
    ).toBe(200);
    const report = ((await reports(admin, tenancy.id)).json() as ConditionReport[])[0]!;
    const wardrobe = report.items.find((i) => i.name === 'Wardrobe')!;

    // Another tenancy's item: 400 naming the deduction, nothing written.
    const elsewhere = await tenant();
    const theirs = (await record(admin, elsewhere.tenancy.id, { items: items() })).json() as ConditionReport;
    const wrong = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/move-out`, {
      date: todayInLagos(),
      reason: 'breach',
      deductions: [
        { description: 'Cleaning', amount: 2_000 },
        { description: 'Wardrobe door', amount: 5_000, condition_item_id: theirs.items[0]!._id },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      'deductions.1.condition_item_id': "Choose an item of this tenancy's condition report",
    });
    expect(
      await t.db.select().from(tenancyDeductions).where(eq(tenancyDeductions.tenancyId, tenancy.id)),
    ).toEqual([]);

    const res = await send(t, admin, 'POST', `/api/admin/tenancies/${tenancy.id}/move-out`, {
      date: todayInLagos(),
      reason: 'breach',
      deductions: [
        { description: 'Cleaning', amount: 2_000 },
        { description: 'Wardrobe door rehung', amount: 5_000, condition_item_id: wardrobe._id },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deductions).toMatchObject([
      { description: 'Cleaning', amount: 2_000, condition_item: null },
      {
        description: 'Wardrobe door rehung',
        amount: 5_000,
        condition_item: {
          _id: wardrobe._id,
          name: 'Wardrobe',
          state: 'damaged',
          note: 'Left door hinge loose',
        },
      },
    ]);
    // Once ended, the report no longer changes.
    expect((await record(admin, tenancy.id, { items: items() })).statusCode).toBe(409);

    const [mail] = await t.db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.dedupeKey, `move-out:${tenancy.id}:email`));
    expect(mail?.recipient).toBe(student.user.email);
    const text = mail!.text;
    expect(text).toContain('Less Wardrobe door rehung: ₦5,000');
    expect(text).toContain('  For: Wardrobe, damaged at move-in (Left door hinge loose)');
    const links = [...text.matchAll(/Move-in photo (\d): (\S+)/g)].map((m) => m[2]!);
    expect(links).toHaveLength(2);
    expect(text).toContain('open for 90 days');
    // Her links open from the e-mail (a mail client sends no token), for 90 days.
    for (const link of links) {
      expect(link.startsWith(`${t.config.publicUrl}/api/condition-photos/`)).toBe(true);
      const expires = Number(new URL(link).searchParams.get('expires'));
      expect(expires * 1000 - Date.now()).toBeGreaterThan(89 * 86_400_000);
      const opened = await open(link);
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('image/jpeg');
    }

    // Another student reaches none of it: not the report, not a link altered to her photo's file,
    // not an expired link, not a made-up signature.
    const other: Student = await signedInUser(t);
    expect((await reports(other, tenancy.id)).statusCode).toBe(404);
    const [theirPhoto] = (await upload(elsewhere.student, elsewhere.tenancy.id)).json() as Photo[];
    const herFile = new URL(links[0]!).pathname.split('/').pop()!;
    const altered = new URL(theirPhoto!.src);
    altered.pathname = altered.pathname.replace(/[^/]+$/, herFile);
    expect((await open(altered.toString(), other)).statusCode).toBe(403);
    const forged = new URL(links[0]!);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await open(forged.toString(), other)).statusCode).toBe(403);
    const [row] = await t.db.select().from(conditionPhotos).where(eq(conditionPhotos.id, photoIds[0]!));
    const expired = signedConditionPhoto(t.config, row!, 60, Date.now() - 61_000);
    const stale = await open(expired.src, other);
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toMatch(/expired or is not valid/);
    // The files are not reachable as public uploads either.
    const publicPath = `/uploads/condition/${herFile}`;
    expect((await send(t, other, 'GET', publicPath)).statusCode).toBe(404);

    // Her profile's statement shows the item too, with fresh links.
    const profile = await send(t, student, 'GET', `/api/user/${student.user.id}`);
    expect(profile.json().moveOutStatement.deductions[1].condition_item.photos).toHaveLength(2);
  });
});
