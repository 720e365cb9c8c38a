import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testAppWith } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { type SignedIn, signedInUser } from '../../../test/factories.ts';
import { appWithFakeMessaging, type MessagingApp } from '../../../test/messaging-app.ts';
import { setPaperworkRequired } from '../../../test/paperwork.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { acceptRentAgreement } from '../agreements/agreements.fixtures.ts';
import { adminAudit } from '../audit/audit.schema.ts';
import { heicPhoto, jpegWithGps, pngPhoto } from '../hostels/hostels.fixtures.ts';
import { bookAndPayAgentFee, hostelWithRoom, initiate, receiptUrl } from '../payments/payments.fixtures.ts';
import { pdfWithJavaScript, realPdf, uploadDocument } from './documents.fixtures.ts';
import { studentDocuments } from './documents.schema.ts';

type Doc = { _id: string; status: string; content_type: string; pages: number | null; file_name: string };

async function filesUnder(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return [];
    throw err;
  }
}

describe('documents: what may be uploaded', () => {
  const { t, admin, student } = testAppWith({ admin: { role: 'admin' }, student: {} });

  const fileOf = async (doc: Doc) => {
    const res = await send(t, admin, 'GET', `/api/documents/${doc._id}/file`);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };

  it('takes a phone photo (JPEG) and keeps a new JPEG without its GPS position or camera', async () => {
    const res = await uploadDocument(t, student, 'student_id', {
      data: await jpegWithGps(1200, 800),
      filename: 'id-card.jpg',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as Doc;
    expect(doc).toMatchObject({
      status: 'uploaded',
      content_type: 'image/jpeg',
      pages: null,
      file_name: 'id-card.jpg',
    });
    const meta = await sharp(await fileOf(doc)).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(1200);
  });

  it('takes a PNG screenshot and a HEIC photo, each re-encoded as JPEG', async () => {
    const png = await uploadDocument(t, student, 'student_id', {
      data: await pngPhoto(),
      filename: 'scan.png',
      type: 'image/png',
    });
    expect(png.statusCode, png.body).toBe(201);
    expect((await sharp(await fileOf(png.json())).metadata()).format).toBe('jpeg');
    const heic = await uploadDocument(t, student, 'passport', {
      data: await heicPhoto(),
      filename: 'IMG_0001.HEIC',
      type: 'image/heic',
    });
    expect(heic.statusCode, heic.body).toBe(201);
    const meta = await sharp(await fileOf(heic.json())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1000, 750]);
  });

  it('takes a real PDF, counts its pages and drops its metadata', async () => {
    const res = await uploadDocument(t, student, 'admission_letter', {
      data: await realPdf(3),
      filename: 'admission.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as Doc;
    expect(doc).toMatchObject({ content_type: 'application/pdf', pages: 3 });
    const kept = await PDFDocument.load(await fileOf(doc), { updateMetadata: false });
    expect(kept.getPageCount()).toBe(3);
    expect(kept.getTitle()).toBeUndefined();
    expect(kept.getAuthor()).toBeUndefined();
  });

  it('keeps a PDF with JavaScript, an open action and an attachment only without them', async () => {
    const hostile = await pdfWithJavaScript();
    // The fixture really carries what must go.
    for (const marker of ['/JavaScript', '/OpenAction', '/EmbeddedFile', '/Annots', '/AA'])
      expect(hostile.includes(marker), marker).toBe(true);
    const res = await uploadDocument(t, student, 'national_id', {
      data: hostile,
      filename: 'nin.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const kept = await fileOf(res.json());
    for (const marker of ['/JavaScript', '/JS', '/OpenAction', '/EmbeddedFile', '/Annots', '/AA', '/Names'])
      expect(kept.includes(marker), marker).toBe(false);
    const reread = await PDFDocument.load(kept);
    expect(reread.getPageCount()).toBe(1);
    expect(reread.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
  });

  it.each([
    [
      'a program renamed .pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]),
      'letter.pdf',
      415,
      'letter.pdf is not a PDF, JPEG, PNG or HEIC file',
    ],
    [
      'a text file renamed .jpg',
      Buffer.from('hello, this is my passport\n'.repeat(20)),
      'passport.jpg',
      415,
      'passport.jpg is not a PDF, JPEG, PNG or HEIC file',
    ],
    [
      'a PDF header with nothing behind it',
      Buffer.from('%PDF-1.7\n%garbage that is no PDF\n'),
      'broken.pdf',
      400,
      'broken.pdf could not be read as a PDF',
    ],
    [
      'a damaged JPEG',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]),
      'photo.jpg',
      400,
      'photo.jpg could not be read as an image',
    ],
  ])('refuses %s with a 4xx naming the file', async (_what, data, filename, status, message) => {
    const before = await t.db.select().from(studentDocuments);
    const res = await uploadDocument(t, student, 'voters_card', {
      data,
      filename,
      type: 'application/octet-stream',
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    expect(res.json().message).toContain('Send a PDF, or a photo or scan saved as JPEG, PNG or HEIC');
    expect(await t.db.select().from(studentDocuments)).toEqual(before);
  });

  it('refuses a file over 5 MB, naming it', async () => {
    const big = Buffer.concat([await realPdf(1), Buffer.alloc(5 * 1024 * 1024, 32)]);
    const res = await uploadDocument(t, student, 'nin_slip', {
      data: big,
      filename: 'huge-scan.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(
      'huge-scan.pdf is larger than 5 MB. Send a PDF, or a photo or scan saved as JPEG, PNG or HEIC, up to 5 MB.',
    );
  });

  it('refuses a PDF of more than 10 pages', async () => {
    const res = await uploadDocument(t, student, 'nin_slip', {
      data: await realPdf(11),
      filename: 'all-pages.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(
      'all-pages.pdf has 11 pages; a document may have at most 10. Send only the pages that show the document.',
    );
  });

  it('refuses an upload without a kind, with an unknown kind, or without a file', async () => {
    const data = await realPdf(1);
    const noKind = await uploadDocument(t, student, '', { data, filename: 'a.pdf' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().fields.kind).toMatch(/^kind must be one of: student_id, admission_letter/);
    const unknown = await uploadDocument(t, student, 'library_card', { data, filename: 'a.pdf' });
    expect(unknown.statusCode).toBe(400);
    const json = await send(t, student, 'POST', '/api/documents', { kind: 'passport' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the document as a form (multipart/form-data) with kind and file');
  });

  it('stores nothing under the public uploads directory', async () => {
    expect(await filesUnder(path.join(t.config.dataDir, 'uploads'))).toEqual([]);
    const kept = await filesUnder(path.join(t.config.dataDir, 'private', 'documents'));
    const rows = await t.db.select().from(studentDocuments);
    // One file per slot: replaced uploads left none behind.
    expect(kept.sort()).toEqual(rows.map((r) => r.storageKey.replace('documents/', '')).sort());
  });

  it('refuses an admin who tries to upload documents', async () => {
    const res = await uploadDocument(t, admin, 'passport', { data: await realPdf(1), filename: 'a.pdf' });
    expect(res.statusCode).toBe(403);
  });
});

describe('documents: who may see them', () => {
  const { t, admin, student, other } = testAppWith({ admin: { role: 'admin' }, student: {}, other: {} });
  let doc: Doc;

  beforeAll(async () => {
    const res = await uploadDocument(t, student, 'passport', {
      data: await realPdf(1),
      filename: 'passport.pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    doc = res.json();
  });

  it('shows the file to its owner, unlogged', async () => {
    const res = await send(t, student, 'GET', `/api/documents/${doc._id}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await t.db.select().from(adminAudit)).toEqual([]);
  });

  it('tells another student, an anonymous caller and a guessed id nothing', async () => {
    const others = await send(t, other, 'GET', `/api/documents/${doc._id}/file`);
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe('No such document');
    expect((await send(t, anonymous, 'GET', `/api/documents/${doc._id}/file`)).statusCode).toBe(401);
    const guessed = await send(t, student, 'GET', '/api/documents/00000000-0000-4000-8000-000000000000/file');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().message).toBe('No such document');
    // Another student's list holds only her own (none).
    const mine = await send(t, other, 'GET', '/api/documents/mine');
    expect(mine.json().documents.map((d: { document: unknown }) => d.document)).toEqual([null, null]);
    // The queue is the admins' alone.
    expect((await send(t, other, 'GET', '/api/admin/documents')).statusCode).toBe(403);
    expect((await send(t, anonymous, 'GET', '/api/admin/documents')).statusCode).toBe(401);
  });

  it('is never reachable under /uploads, whatever the path', async () => {
    const [row] = await t.db.select().from(studentDocuments).where(eq(studentDocuments.id, doc._id));
    for (const url of [
      `/uploads/${row!.storageKey}`,
      `/uploads/../private/${row!.storageKey}`,
      `/private/${row!.storageKey}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'] ?? '', url).not.toBe('application/pdf');
      expect(res.rawPayload.includes('%PDF'), url).toBe(false);
    }
  });

  it('logs every admin view in words', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await send(t, admin, 'GET', `/api/documents/${doc._id}/file`);
      expect(res.statusCode).toBe(200);
    }
    const log = await send(t, admin, 'GET', '/api/admin/audit?kind=document.viewed');
    const name = `${student.user.firstName} ${student.user.lastName}`;
    expect(log.json().map((e: { summary: string; target_id: string }) => [e.summary, e.target_id])).toEqual([
      [`Viewed ${name}'s International passport`, doc._id],
      [`Viewed ${name}'s International passport`, doc._id],
    ]);
  });
});

describe('documents: review, with the student told of a rejection by e-mail and SMS', () => {
  let m: MessagingApp;
  let admin: SignedIn;
  let student: SignedIn;
  beforeAll(async () => {
    m = await appWithFakeMessaging();
    admin = await signedInUser(m.t, { role: 'admin' });
    student = await signedInUser(m.t, { phoneNumber: '+2348031234567' });
  });
  afterAll(() => m?.close());

  it('lists waiting documents oldest first, rejects with a reason sent by e-mail and SMS, takes a new one, approves', async () => {
    const { t } = m;
    const study = await uploadDocument(t, student, 'student_id', {
      data: await jpegWithGps(),
      filename: 'id.jpg',
    });
    const identity = await uploadDocument(t, student, 'nin_slip', {
      data: await realPdf(1),
      filename: 'nin.pdf',
    });
    expect([study.statusCode, identity.statusCode]).toEqual([201, 201]);
    const queue = await send(t, admin, 'GET', '/api/admin/documents');
    expect(queue.json().map((d: Doc) => d._id)).toEqual([study.json()._id, identity.json()._id]);

    const reason = 'The photo is blurred; the name cannot be read';
    const rejected = await send(t, admin, 'POST', `/api/admin/documents/${study.json()._id}/review`, {
      decision: 'reject',
      reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejection_reason: reason });
    const mail = await eventually(async () => m.smtp.received.find((r) => r.to.includes(student.user.email)));
    expect(mail.raw).toContain('Reason: The photo is blurred; the name cannot be read');
    expect(mail.raw).toContain('Student ID card');
    const sms = await eventually(async () =>
      m.termii.requests.find((r) => String(r.body.to).includes('2348031234567')),
    );
    expect(String(sms.body.sms)).toContain(reason);

    // Decided once: a second decision on the same upload is refused.
    const again = await send(t, admin, 'POST', `/api/admin/documents/${study.json()._id}/review`, {
      decision: 'approve',
    });
    expect(again.statusCode).toBe(409);

    const mine = (await send(t, student, 'GET', '/api/documents/mine')).json();
    expect(mine.next_step).toContain(
      `Upload your student ID or admission letter again: Student ID card was rejected (${reason}).`,
    );

    const reupload = await uploadDocument(t, student, 'admission_letter', {
      data: await realPdf(2),
      filename: 'letter.pdf',
    });
    expect(reupload.statusCode, reupload.body).toBe(201);
    expect(reupload.json()._id).toBe(study.json()._id);
    // Re-uploaded last, so now behind the identity document in the queue.
    const after = await send(t, admin, 'GET', '/api/admin/documents');
    expect(after.json().map((d: Doc) => d.file_name)).toEqual(['nin.pdf', 'letter.pdf']);

    for (const d of after.json() as Doc[]) {
      const ok = await send(t, admin, 'POST', `/api/admin/documents/${d._id}/review`, {
        decision: 'approve',
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const done = (await send(t, student, 'GET', '/api/documents/mine')).json();
    expect(done).toMatchObject({ approved: true, next_step: null });
    // An approved document is not replaced.
    const late = await uploadDocument(t, student, 'passport', { data: await realPdf(1), filename: 'p.pdf' });
    expect(late.statusCode).toBe(409);

    const log = await send(t, admin, 'GET', '/api/admin/audit');
    const name = `${student.user.firstName} ${student.user.lastName}`;
    expect(log.json().map((e: { summary: string }) => e.summary)).toEqual(
      expect.arrayContaining([
        `Rejected ${name}'s Student ID card — ${reason}`,
        `Approved ${name}'s Admission letter`,
        `Approved ${name}'s NIN slip`,
      ]),
    );
  });

  it.each([
    ['no decision', {}, 'decision must be approve or reject (with a reason)'],
    ['a rejection without a reason', { decision: 'reject' }, 'Reason is required'],
    ['a blank reason', { decision: 'reject', reason: '   ' }, 'Reason is required'],
    [
      'a reason too long',
      { decision: 'reject', reason: 'x'.repeat(501) },
      'Reason must be at most 500 characters',
    ],
  ])('refuses a review with %s', async (_what, body, message) => {
    const up = await uploadDocument(m.t, await signedInUser(m.t), 'passport', {
      data: await realPdf(1),
      filename: 'p.pdf',
    });
    const res = await send(m.t, admin, 'POST', `/api/admin/documents/${up.json()._id}/review`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    const [row] = await m.t.db.select().from(studentDocuments).where(eq(studentDocuments.id, up.json()._id));
    expect(row!.status).toBe('uploaded');
  });
});

describe('documents: rent while the setting requires them', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signedInUser(t, { role: 'admin' });
  });
  afterAll(() => t?.close());

  async function inspected() {
    const { room } = await hostelWithRoom(t);
    const student = await signedInUser(t);
    const { booking } = await bookAndPayAgentFee(t, student, room);
    const payRent = () =>
      initiate(t, 'room-price', student, {
        amount: room.price,
        booking_id: booking._id,
        callback_url: receiptUrl(t, '/rent-receipt'),
      });
    return { student, payRent, roomId: room.id };
  }

  it('is off by default: rent is paid without documents', async () => {
    expect((await send(t, admin, 'GET', '/api/admin/settings')).json().paperwork_required_for_rent).toBe(
      false,
    );
    const { payRent } = await inspected();
    expect((await payRent()).statusCode).toBe(201);
  });

  it('when on, answers 409 documents_required saying what is missing, until both are approved', async () => {
    await setPaperworkRequired(t, admin, true);
    const { student, payRent, roomId } = await inspected();
    const none = await payRent();
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({
      code: 'documents_required',
      message:
        "Approved documents are needed before rent can be paid. Upload your student ID or admission letter and your passport, national ID card, NIN slip or voter's card.",
    });
    const a = await uploadDocument(t, student, 'student_id', {
      data: await jpegWithGps(),
      filename: 'id.jpg',
    });
    const b = await uploadDocument(t, student, 'voters_card', {
      data: await realPdf(1),
      filename: 'pvc.pdf',
    });
    const waiting = await payRent();
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toContain("Wait for an admin to check Student ID card and Voter's card");
    await send(t, admin, 'POST', `/api/admin/documents/${a.json()._id}/review`, { decision: 'approve' });
    const half = await payRent();
    expect(half.statusCode).toBe(409);
    expect(half.json().message).toContain("Voter's card");
    await send(t, admin, 'POST', `/api/admin/documents/${b.json()._id}/review`, { decision: 'approve' });
    // Documents approved, the same setting then asks for her accepted tenancy agreement.
    const agreement = await payRent();
    expect(agreement.statusCode).toBe(409);
    expect(agreement.json()).toMatchObject({ code: 'agreement_required' });
    await acceptRentAgreement(t, student, roomId);
    expect((await payRent()).statusCode).toBe(201);
    expect((await send(t, student, 'GET', '/api/documents/mine')).json()).toMatchObject({
      approved: true,
      required_for_rent: true,
    });
  });

  it('when turned off again, rent goes without documents', async () => {
    await setPaperworkRequired(t, admin, false);
    const { payRent } = await inspected();
    expect((await payRent()).statusCode).toBe(201);
  });
});
