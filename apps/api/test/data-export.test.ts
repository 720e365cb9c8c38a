import { DATA_EXPORT_HOURS, DEFAULT_SETTINGS } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenancyAgreements } from '../src/modules/agreements/agreements.schema.ts';
import { adminAudit } from '../src/modules/audit/audit.schema.ts';
import { bookings } from '../src/modules/bookings/bookings.schema.ts';
import { realPdf, uploadDocument } from '../src/modules/documents/documents.fixtures.ts';
import { studentDocuments } from '../src/modules/documents/documents.schema.ts';
import { smallJpeg } from '../src/modules/hostels/hostels.fixtures.ts';
import { maintenanceRequests } from '../src/modules/maintenance/maintenance.schema.ts';
import { bookOk, hostelWithRoom, paidTenant } from '../src/modules/payments/payments.fixtures.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import { EXPORT_COVERAGE } from '../src/modules/users/data-export.service.ts';
import { runRetentionNow } from '../src/modules/users/data-rights.jobs.ts';
import { RETAINED_FILE_KINDS, runRetention } from '../src/modules/users/retention.service.ts';
import { dataExports } from '../src/modules/users/users.schema.ts';
import { jpegKey, storePhoto } from '../src/storage/photos.ts';
import { eventually } from './eventually.ts';
import { signedInUser } from './factories.ts';
import { appWithFakeMessaging, type MessagingApp } from './messaging-app.ts';
import { tenantWithPaperwork } from './paperwork.ts';
import { anonymous, send } from './requests.ts';

/** "Download my data" and retention (docs/domain.md, "Access" and "Retention"), mail through a real SMTP server. */
describe('data export and retention', () => {
  let m: MessagingApp;
  beforeAll(async () => {
    m = await appWithFakeMessaging();
  });
  afterAll(() => m.close());

  /** The body of a received mail, quoted-printable undone. */
  const bodyOf = (raw: string) =>
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  /** The link in the newest "data is ready" e-mail to `email`. */
  const exportLink = (email: string) =>
    eventually(async () => {
      const mail = m.smtp.received
        .filter((r) => r.to.includes(email) && r.raw.includes('data is ready'))
        .at(-1);
      const link =
        mail &&
        /https?:\/\/\S+\/api\/user\/data-exports\/[0-9a-f-]+\/download\?token=[\w-]+/.exec(bodyOf(mail.raw));
      return link?.[0];
    });
  const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;
  const ask = (who: { headers: Record<string, string> }) => send(m.t, who, 'POST', '/api/user/data-exports');
  const get = (url: string, accept = 'application/json') =>
    m.t.app.inject({ method: 'GET', url, headers: { accept } });

  /** Two tenants with rows in every table about people and every kind of paperwork; a photo for `her`. */
  async function twoTenants() {
    const her = await tenantWithPaperwork(m.t);
    const other = await tenantWithPaperwork(m.t);
    const photo = await storePhoto(m.t.app.deps.storage, await smallJpeg(4), 'maintenance');
    for (const who of [her, other]) {
      await send(m.t, who.student, 'PATCH', '/api/user/profile', { marketing_sms: true });
      await send(m.t, who.student, 'POST', '/api/saved', { kind: 'hostel', hostel_id: who.room.hostelId });
      await m.t.db.insert(maintenanceRequests).values({
        userId: who.student.user.id,
        roomId: who.room.id,
        hostelId: who.room.hostelId,
        tenancyId: who.tenancy.id,
        category: 'plumbing',
        description: `Tap drips for ${who.student.user.lastName}`,
        urgency: 'normal',
        photos: who === her ? [photo] : [],
        dueBy: new Date(),
      });
    }
    return { her, other, photo };
  }

  it('asked for (202), built by the job, e-mailed as a link; the link gives her ZIP with every table about her and nobody else', async () => {
    const { her, other } = await twoTenants();
    // Every column of the database that points at a person is either exported (all her rows, by
    // id) or left out for a stated reason: a table added later fails here until it says which.
    const { rows: keys } = (await m.t.db.execute(sql`
      select kcu.table_name, kcu.column_name
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
      where ccu.table_name = 'users' and ccu.column_name = 'id' and kcu.table_schema = 'public'`)) as {
      rows: { table_name: string; column_name: string }[];
    };
    expect(keys.length).toBeGreaterThan(10);
    // Her rows as they stand when she asks (the e-mail with her link comes after her ZIP was made).
    const hers = new Map<string, string[]>();
    for (const { table_name, column_name } of keys) {
      const coverage = EXPORT_COVERAGE[`${table_name}.${column_name}`];
      if (!coverage || !('key' in coverage)) continue;
      const { rows } = (await m.t.db.execute(
        sql`select id::text as id from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${her.student.user.id}`,
      )) as { rows: { id: string }[] };
      hers.set(
        `${table_name}.${column_name}`,
        rows.map((r) => r.id),
      );
    }
    const asked = await ask(her.student);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      message: "We'll e-mail you a link within a few minutes.",
      export: { status: 'pending', ready_at: null, expires_at: null },
    });
    // The other tenant asks too: her link must still open only hers.
    expect((await ask(other.student)).statusCode).toBe(202);

    const link = await exportLink(her.student.user.email);
    const listed = (await send(m.t, her.student, 'GET', '/api/user/data-exports')).json();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ _id: asked.json().export._id, status: 'ready' });
    const hours = (Date.parse(listed[0].expires_at) - Date.parse(listed[0].ready_at)) / 3_600_000;
    expect(hours).toBe(DATA_EXPORT_HOURS);

    // Stored privately: never under the public uploads.
    const [row] = await m.t.db.select().from(dataExports).where(eq(dataExports.id, asked.json().export._id));
    expect(row!.storageKey).toMatch(/^data-exports\//);
    expect(await m.t.app.deps.storage.get(row!.storageKey!)).toBeNull();
    expect((await m.t.app.inject({ method: 'GET', url: `/uploads/${row!.storageKey}` })).statusCode).toBe(
      404,
    );

    const res = await get(pathOf(link));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const json = strFromU8(files['data.json']!);
    const data = JSON.parse(json) as Record<string, { id?: string; _id?: string }[]> & {
      account: Record<string, unknown>;
    };
    expect(data.account).toMatchObject({ id: her.student.user.id, email: her.student.user.email });
    expect(data.account.passwordHash).toBeUndefined();
    expect(data.account.totpSecret).toBeUndefined();
    expect(Object.keys(files).filter((f) => f.startsWith('photos/'))).toHaveLength(1);

    const ids = (rows: { id?: string; _id?: string }[]) => rows.map((r) => r.id ?? r._id);
    let exportedTables = 0;
    for (const { table_name, column_name } of keys) {
      const name = `${table_name}.${column_name}`;
      const coverage = EXPORT_COVERAGE[name];
      expect(coverage, `${name} points at users: add it to EXPORT_COVERAGE`).toBeDefined();
      if (!coverage || !('key' in coverage)) continue;
      const rows = hers.get(name) ?? [];
      expect(Array.isArray(data[coverage.key]), `${coverage.key} in data.json`).toBe(true);
      expect(ids(data[coverage.key]!), name).toEqual(expect.arrayContaining(rows));
      if (rows.length) exportedTables++;
    }
    // Her fixture reaches most of them (reports of reviews and exports aside).
    expect(exportedTables).toBeGreaterThanOrEqual(8);
    for (const table of [
      'consents',
      'bookings',
      'payments',
      'tenancies',
      'maintenance',
      'saved',
      'sign_ins',
    ]) {
      expect(data[table]!.length, table).toBeGreaterThan(0);
    }
    expect(JSON.stringify(data.payments)).toContain(her.rentReference);

    // Her paperwork, each row with its file in the ZIP, byte for byte as kept.
    const documents = data.documents as unknown as { id: string; kind: string; file: string }[];
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      id: her.documentId,
      kind: 'nin_slip',
      file: 'documents/identity-nin_slip.pdf',
    });
    expect(documents[0]).not.toHaveProperty('storageKey');
    const [doc] = await m.t.db.select().from(studentDocuments).where(eq(studentDocuments.id, her.documentId));
    expect(Buffer.from(files[documents[0]!.file]!)).toEqual(
      await m.t.app.deps.privateStorage.get(doc!.storageKey),
    );
    const agreements = data.tenancy_agreements as unknown as {
      id: string;
      acceptedName: string;
      file: string;
    }[];
    expect(agreements).toHaveLength(1);
    expect(agreements[0]).not.toHaveProperty('signedDocument');
    const [agreement] = await m.t.db
      .select()
      .from(tenancyAgreements)
      .where(eq(tenancyAgreements.id, agreements[0]!.id));
    expect(agreement!.userId).toBe(her.student.user.id);
    expect(agreements[0]!.file).toMatch(/^agreements\/TA-[0-9A-F]{8}-signed\.pdf$/);
    expect(Buffer.from(files[agreements[0]!.file]!)).toEqual(agreement!.signedDocument);
    const reports = data.condition_reports as unknown as {
      id: string;
      items: { name: string; state: string; photoIds: string[] }[];
    }[];
    expect(reports.map((r) => r.id)).toEqual([her.reportId]);
    expect(reports[0]!.items.map((i) => [i.name, i.state])).toEqual([
      ['Bed', 'damaged'],
      ['Fan', 'good'],
    ]);
    const conditionPhotosOut = data.condition_photos as unknown as { id: string; file: string }[];
    expect(conditionPhotosOut.map((p) => p.id)).toEqual([her.photoId]);
    expect(files[conditionPhotosOut[0]!.file]!.byteLength).toBeGreaterThan(100);
    const paperwork = Object.keys(files).filter((f) => /^(documents|agreements|condition-photos)\//.test(f));
    expect(paperwork).toHaveLength(3);
    expect(json).not.toContain(other.documentId);
    expect(json).not.toContain(other.reportId);
    expect(json).not.toContain(other.photoId);
    // Nothing of the other tenant: not her id, e-mail, payments or tenancy.
    expect(json).not.toContain(other.student.user.id);
    expect(json).not.toContain(other.student.user.email);
    expect(json).not.toContain(other.rentReference);
    expect(json).not.toContain(other.tenancy.id);
  });

  it('one request at a time: a second while one is pending is 409 and queues nothing', async () => {
    const student = await signedInUser(m.t);
    await m.t.db.insert(dataExports).values({ userId: student.user.id });
    const again = await ask(student);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'data_export_pending' });
    expect(again.json().message).toContain("We'll e-mail you a link within a few minutes");
    const rows = await m.t.db.select().from(dataExports).where(eq(dataExports.userId, student.user.id));
    expect(rows).toHaveLength(1);
    const listed = (await send(m.t, student, 'GET', '/api/user/data-exports')).json();
    expect(listed.map((e: { status: string }) => e.status)).toEqual(['pending']);
  });

  it("refuses another person's token, a made-up one, a missing one and a link past its 24 hours; then retention deletes the file and logs it", async () => {
    const a = await signedInUser(m.t);
    const b = await signedInUser(m.t);
    const aAsked = await ask(a);
    expect(aAsked.statusCode).toBe(202);
    expect((await ask(b)).statusCode).toBe(202);
    const aLink = new URL(await exportLink(a.user.email));
    const bLink = new URL(await exportLink(b.user.email));
    const aId = aAsked.json().export._id as string;

    // B's token on A's export, and A's export id with B's token: neither opens.
    const crossed = await get(`${aLink.pathname}?token=${bLink.searchParams.get('token')}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toContain('not one we sent');
    const page = await get(`${bLink.pathname}?token=${aLink.searchParams.get('token')}`, 'text/html');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('This link does not open your data');
    const madeUp = await get(`${aLink.pathname}?token=${'x'.repeat(43)}`);
    expect(madeUp.statusCode).toBe(404);
    expect((await get(aLink.pathname)).statusCode).toBe(400);
    expect((await get(`${aLink.pathname}?token=<script>`)).json().message).toContain(
      'open the link from the e-mail',
    );
    // Her own, within the day: opens, and again (a phone's download may break halfway).
    expect((await get(aLink.pathname + aLink.search)).statusCode).toBe(200);
    expect((await get(aLink.pathname + aLink.search)).statusCode).toBe(200);

    // A day and a minute later (the clock moved on the row): 410 with what to do.
    const past = new Date(Date.now() - 60_000);
    await m.t.db
      .update(dataExports)
      .set({ readyAt: new Date(past.getTime() - DATA_EXPORT_HOURS * 3_600_000), expiresAt: past })
      .where(eq(dataExports.id, aId));
    const expired = await get(aLink.pathname + aLink.search);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain(`links work for ${DATA_EXPORT_HOURS} hours`);
    const expiredPage = await get(aLink.pathname + aLink.search, 'text/html,application/xhtml+xml');
    expect(expiredPage.statusCode).toBe(410);
    expect(expiredPage.body).toContain('Ask for your data again from your account page');

    const [before] = await m.t.db.select().from(dataExports).where(eq(dataExports.id, aId));
    expect(await m.t.app.deps.privateStorage.get(before!.storageKey!)).not.toBeNull();
    await runRetentionNow(m.t.app.deps);
    await eventually(
      async () => (await m.t.db.select().from(dataExports).where(eq(dataExports.id, aId))).length === 0,
    );
    expect(await m.t.app.deps.privateStorage.get(before!.storageKey!)).toBeNull();
    // B's export is within its day: kept.
    expect(await m.t.db.select().from(dataExports).where(eq(dataExports.userId, b.user.id))).toHaveLength(1);
    const [logged] = await m.t.db.select().from(adminAudit).where(eq(adminAudit.targetId, aId));
    expect(logged).toMatchObject({ actorId: null, action: 'JOB retention' });
    const admin = await signedInUser(m.t, { role: 'admin' });
    const entries = (await send(m.t, admin, 'GET', '/api/admin/audit?kind=retention.deleted')).json();
    expect(entries.map((e: { summary: string }) => e.summary)).toContain(
      `Deleted ${a.user.firstName} ${a.user.lastName}'s data export (its link expired after ${DATA_EXPORT_HOURS} hours)`,
    );
    // Gone means gone: the link now reads as unknown.
    expect((await get(aLink.pathname + aLink.search)).statusCode).toBe(404);
  });

  it('retention deletes maintenance photos only of tenancies ended longer ago than the setting, keeps the requests, and logs each in words', async () => {
    const admin = await signedInUser(m.t, { role: 'admin' });
    const saved = await send(m.t, admin, 'PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      document_retention_days: 60,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const day = 86_400_000;
    const cases = [
      { endedDaysAgo: 61, gone: true },
      { endedDaysAgo: 59, gone: false },
      { endedDaysAgo: null, gone: false },
    ];
    const made = [];
    for (const c of cases) {
      const tenant = await paidTenant(m.t, { room: {}, deposit: true });
      if (c.endedDaysAgo !== null) {
        await m.t.db
          .update(tenancies)
          .set({ endedAt: new Date(Date.now() - c.endedDaysAgo * day) })
          .where(eq(tenancies.id, tenant.tenancy.id));
      }
      const photos = [
        await storePhoto(m.t.app.deps.storage, await smallJpeg(2), 'maintenance'),
        await storePhoto(m.t.app.deps.storage, await smallJpeg(3), 'maintenance'),
      ];
      const [request] = await m.t.db
        .insert(maintenanceRequests)
        .values({
          userId: tenant.student.user.id,
          roomId: tenant.room.id,
          hostelId: tenant.room.hostelId,
          tenancyId: tenant.tenancy.id,
          category: 'electrical',
          description: 'Socket sparks',
          urgency: 'normal',
          photos,
          dueBy: new Date(),
        })
        .returning();
      made.push({ ...c, tenant, photos, request: request! });
    }

    await runRetentionNow(m.t.app.deps);
    const [old] = made;
    await eventually(
      async () =>
        (
          await m.t.db.select().from(maintenanceRequests).where(eq(maintenanceRequests.id, old!.request.id))
        )[0]!.photos.length === 0,
    );
    for (const c of made) {
      const [row] = await m.t.db
        .select()
        .from(maintenanceRequests)
        .where(eq(maintenanceRequests.id, c.request.id));
      expect(row!.description).toBe('Socket sparks');
      expect(row!.photos.length, `ended ${c.endedDaysAgo} days ago`).toBe(c.gone ? 0 : 2);
      for (const p of c.photos) {
        const file = await m.t.app.deps.storage.get(jpegKey(p.storageKey));
        expect(file === null, `photo of a tenancy ended ${c.endedDaysAgo} days ago`).toBe(c.gone);
      }
    }
    const logged = await m.t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'JOB retention'), eq(adminAudit.targetId, old!.request.id)));
    expect(logged).toHaveLength(1);
    const entries = (await send(m.t, admin, 'GET', '/api/admin/audit?kind=retention.deleted')).json();
    const { firstName, lastName } = old!.tenant.student.user;
    expect(entries.map((e: { summary: string }) => e.summary)).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Deleted ${firstName} ${lastName}'s 2 photos of a repair request \\(electrical\\) \\(tenancy ended .+; kept 60 days\\)$`,
        ),
      ),
    );
    // Nothing else was logged for the photos kept.
    for (const kept of made.slice(1)) {
      expect(
        await m.t.db.select().from(adminAudit).where(eq(adminAudit.targetId, kept.request.id)),
      ).toHaveLength(0);
    }
  });

  it("retention deletes a student's documents (row and file) 90 days after her last tenancy, booking or payment, never while one is open, and logs each", async () => {
    const admin = await signedInUser(m.t, { role: 'admin' });
    const saved = await send(m.t, admin, 'PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      document_retention_days: 90,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const day = 86_400_000;
    // The job runs 100 days from now: what happens today is 100 days old then.
    const now = new Date(Date.now() + 100 * day);
    const daysBeforeNow = (n: number) => new Date(now.getTime() - n * day);
    const withDocument = async (student: Parameters<typeof uploadDocument>[1]) => {
      const res = await uploadDocument(m.t, student, 'student_id', {
        data: await realPdf(1),
        filename: 'id.pdf',
        type: 'application/pdf',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const tenantWithDocument = async (endedDaysBeforeNow: number | null) => {
      const tenant = await paidTenant(m.t, { room: {}, deposit: true });
      await m.t.db
        .update(bookings)
        .set({ status: 'inspected' })
        .where(eq(bookings.userId, tenant.student.user.id));
      if (endedDaysBeforeNow !== null) {
        await m.t.db
          .update(tenancies)
          .set({ endedAt: daysBeforeNow(endedDaysBeforeNow) })
          .where(eq(tenancies.id, tenant.tenancy.id));
      }
      return { student: tenant.student, id: await withDocument(tenant.student) };
    };
    const student = async () => {
      const s = await signedInUser(m.t);
      return { student: s, id: await withDocument(s) };
    };

    // Sent 100 days before and nothing since: an application not taken up.
    const abandoned = await student();
    // Sent 80 days before.
    const recent = await student();
    await m.t.db
      .update(studentDocuments)
      .set({ uploadedAt: daysBeforeNow(80) })
      .where(eq(studentDocuments.id, recent.id));
    const ended = await tenantWithDocument(95);
    const endedRecently = await tenantWithDocument(85);
    const renting = await tenantWithDocument(null);
    // An inspection booked (not yet paid) 100 days before: still open, so kept however old.
    const booked = await student();
    const { room } = await hostelWithRoom(m.t);
    await bookOk(m.t, booked.student, room);
    // Her booking is old, but she booked again 30 days before the run.
    const bookedLater = await student();
    const other = await hostelWithRoom(m.t);
    const later = await bookOk(m.t, bookedLater.student, other.room);
    await m.t.db
      .update(bookings)
      .set({ status: 'cancelled', createdAt: daysBeforeNow(30) })
      .where(eq(bookings.id, later._id));

    const keys = new Map<string, string>();
    for (const d of await m.t.db.select().from(studentDocuments)) keys.set(d.id, d.storageKey);
    const done = await runRetention(m.t.app.deps, RETAINED_FILE_KINDS, now);
    const deleted = new Set(done.filter((d) => d.kind === 'student_documents').map((d) => d.item.id));
    const cases = { abandoned, recent, ended, endedRecently, renting, booked, bookedLater };
    const expectedGone = new Set([abandoned.id, ended.id]);
    for (const [name, c] of Object.entries(cases)) {
      const gone = expectedGone.has(c.id);
      expect(deleted.has(c.id), name).toBe(gone);
      const rows = await m.t.db.select().from(studentDocuments).where(eq(studentDocuments.id, c.id));
      expect(rows.length, name).toBe(gone ? 0 : 1);
      expect((await m.t.app.deps.privateStorage.get(keys.get(c.id)!)) === null, name).toBe(gone);
      const logged = await m.t.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'JOB retention'), eq(adminAudit.targetId, c.id)));
      expect(logged.length, name).toBe(gone ? 1 : 0);
    }
    const entries = (await send(m.t, admin, 'GET', '/api/admin/audit?kind=retention.deleted')).json();
    const summaries = entries.map((e: { summary: string }) => e.summary);
    const name = (c: { student: { user: { firstName: string; lastName: string } } }) =>
      `${c.student.user.firstName} ${c.student.user.lastName}`;
    expect(summaries).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Deleted ${name(ended)}'s Student ID card \\(tenancy ended .+; kept 90 days\\)$`),
      ),
    );
    expect(summaries).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Deleted ${name(abandoned)}'s Student ID card \\(no tenancy, booking or payment since .+; kept 90 days\\)$`,
        ),
      ),
    );
    // Her documents gone, she is told she has none to show and may send them again.
    const mine = (await send(m.t, abandoned.student, 'GET', '/api/documents/mine')).json();
    expect(mine.documents.every((d: { document: unknown }) => d.document === null)).toBe(true);
  });

  it('the retention setting refuses a value outside 30–3650 days, naming it, and the site states the periods', async () => {
    const admin = await signedInUser(m.t, { role: 'admin' });
    for (const [value, message] of [
      [10, '10 days is too few; use 30–3650'],
      [4000, '4000 days is too many; use 30–3650'],
      ['ninety', "'ninety' is not a number of days; use 30–3650"],
      [90.5, '90.5 is not a whole number of days; use 30–3650'],
    ] as const) {
      const res = await send(m.t, admin, 'PUT', '/api/admin/settings', {
        ...DEFAULT_SETTINGS,
        document_retention_days: value,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ document_retention_days: message });
    }
    await send(m.t, admin, 'PUT', '/api/admin/settings', {
      ...DEFAULT_SETTINGS,
      document_retention_days: 120,
    });
    const site = await m.t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.json()).toMatchObject({ documentRetentionDays: 120, dataExportHours: DATA_EXPORT_HOURS });
  });

  it('asking needs a session; the link needs no session but its token', async () => {
    expect((await send(m.t, anonymous, 'POST', '/api/user/data-exports')).statusCode).toBe(401);
    expect((await send(m.t, anonymous, 'GET', '/api/user/data-exports')).statusCode).toBe(401);
    expect((await send(m.t, anonymous, 'GET', '/api/user/profile/export')).statusCode).toBe(404);
  });
});
