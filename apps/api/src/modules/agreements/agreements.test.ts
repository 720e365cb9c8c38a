import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addMonths, formatLagosLongDate, todayInLagos } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, testAppWith } from '../../../test/build-test-app.ts';
import { type SignedIn, signedInUser } from '../../../test/factories.ts';
import { setPaperworkRequired } from '../../../test/paperwork.ts';
import { anonymous, send } from '../../../test/requests.ts';
import { approvedDocuments } from '../documents/documents.fixtures.ts';
import { hostels } from '../hostels/index.ts';
import {
  initiate,
  initiateRentOk,
  paidInspection,
  payOk,
  receiptUrl,
  rentYearNearlyUp,
} from '../payments/payments.fixtures.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { AGREEMENT_TEMPLATE_VERSION } from './agreement-template.ts';
import { flat, readAgreementPdf } from './agreements.fixtures.ts';
import { tenancyAgreements } from './agreements.schema.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
type AgreementJson = {
  _id: string;
  status: string;
  document_sha256: string;
  document_url: string;
  signed_url: string | null;
  signed_sha256: string | null;
  verify_url: string | null;
  accepted_at: string | null;
  template_version: string;
  terms: { term_kind: string; start_date: string; end_date: string; yearly_rent: number };
};

async function agreementFor(t: TestApp, who: SignedIn, roomId: string): Promise<AgreementJson> {
  const res = await send(t, who, 'GET', `/api/agreements/rent?room_id=${roomId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const rentBody = (t: TestApp, room: { id: string; hostelId: string; price: number }) => ({
  amount: room.price,
  room_id: room.id,
  hostel_id: room.hostelId,
  callback_url: receiptUrl(t, '/rent-receipt'),
});

const nameOf = (s: SignedIn) => `${s.user.firstName} ${s.user.lastName}`;
const UA = 'Mozilla/5.0 (Linux; Android 14; Tecno) AgreementTest/1.0';

async function accept(t: TestApp, who: SignedIn, a: AgreementJson, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/agreements/${a._id}/accept`,
    headers: { ...who.headers, 'user-agent': UA },
    payload: { full_name: nameOf(who), agree: true, document_sha256: a.document_sha256, ...body },
  });
}

async function pdfOf(t: TestApp, who: SignedIn, url: string) {
  const res = await send(t, who, 'GET', url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('tenancy agreements', () => {
  const { t, admin, other } = testAppWith({ admin: { role: 'admin' }, other: {} });
  const inspection = (price = 420_000) =>
    paidInspection(t, { room: { price, cautionFee: 60_000, roomNumber: 'room 07' }, deposit: false });

  it('draws her agreement as a PDF naming her, the hostel and room, the rent, the deposit and the dates', async () => {
    const { student, room, hostel } = await inspection();
    const a = await agreementFor(t, student, room.id);
    expect(a).toMatchObject({
      status: 'awaiting_acceptance',
      template_version: AGREEMENT_TEMPLATE_VERSION,
      signed_url: null,
      terms: { term_kind: 'first', start_date: todayInLagos(), end_date: addMonths(todayInLagos(), 12) },
    });
    const pdf = await pdfOf(t, student, a.document_url);
    expect(sha256(pdf)).toBe(a.document_sha256);
    const text = flat(readAgreementPdf(pdf).text);
    for (const words of [
      nameOf(student),
      hostel.hostelName,
      hostel.address,
      'Room 07 (one bedroom flat)',
      '₦420,000',
      '₦60,000',
      formatLagosLongDate(todayInLagos()),
      formatLagosLongDate(addMonths(todayInLagos(), 12)),
      '30 days in writing',
      '10 PM to 6 AM',
      'Subletting',
      'Mixed',
      'Federal Republic of Nigeria',
      'tenancy law of the state',
    ]) {
      expect(text, words).toContain(words);
    }
    // Opened again, it is the same agreement, byte for byte.
    const again = await agreementFor(t, student, room.id);
    expect(again._id).toBe(a._id);
    expect(sha256(await pdfOf(t, student, again.document_url))).toBe(a.document_sha256);
  });

  it("names the room's rent plan: the whole year or its parts, with their amounts and due days, and what a late part means", async () => {
    const { student, room } = await paidInspection(t, {
      room: { price: 400_001, cautionFee: 0, rentPlan: 'two_parts' },
      deposit: false,
    });
    const a = await agreementFor(t, student, room.id);
    expect(a.terms).toMatchObject({ rent_plan: 'two_parts', yearly_rent: 400_001 });
    const text = flat(readAgreementPdf(await pdfOf(t, student, a.document_url)).text);
    for (const words of [
      '₦400,001: the whole year, or in 2 parts: 60% at move-in, 40% within 4 months',
      'in advance for the whole term, or in parts on the Room’s plan',
      `₦240,001 when the term starts, ₦160,000 by ${formatLagosLongDate(addMonths(todayInLagos(), 4))}`,
      'the year cannot be renewed until every part is paid',
    ]) {
      expect(text, words).toContain(words);
    }
    // A room with the whole year only says so, as before.
    const { student: full, room: fullRoom } = await inspection();
    const plain = await agreementFor(t, full, fullRoom.id);
    expect(plain.terms).not.toHaveProperty('rent_plan');
    expect(flat(readAgreementPdf(await pdfOf(t, full, plain.document_url)).text)).toContain(
      'paid in advance for the whole term through StudyNest',
    );
  });

  it('with paperwork required, refuses rent (409 agreement_required) until she accepts; then she pays', async () => {
    await setPaperworkRequired(t, admin, true);
    try {
      const { student, room } = await inspection();
      // The documents come first (documents.test.ts); here they are approved.
      await approvedDocuments(t, student, admin);
      const refused = await initiate(t, 'room-price', student, rentBody(t, room));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'agreement_required' });
      expect(refused.json().message).toMatch(/accept your tenancy agreement/);

      const a = await agreementFor(t, student, room.id);
      // Case and spaces do not matter; the words do.
      const res = await accept(t, student, a, {
        full_name: `  ${nameOf(student).toUpperCase().replace(' ', '   ')} `,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'accepted', document_sha256: a.document_sha256 });
      const [row] = await t.db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, a._id));
      expect(row?.acceptedAt).toBeInstanceOf(Date);
      expect(Date.now() - (row?.acceptedAt?.getTime() ?? 0)).toBeLessThan(60_000);
      expect(row?.acceptedIp).toBe('127.0.0.1');
      expect(row?.acceptedUserAgent).toBe(UA);
      expect(row?.documentSha256).toBe(a.document_sha256);
      expect(sha256(row!.document)).toBe(a.document_sha256);

      await payOk(t, student, await initiateRentOk(t, student, room));
      const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, room.id));
      expect(tenancy?.userId).toBe(student.user.id);
    } finally {
      await setPaperworkRequired(t, admin, false);
    }
  });

  it('with paperwork not required (the default), rent is paid as before, no agreement asked', async () => {
    const { student, room } = await inspection();
    await payOk(t, student, await initiateRentOk(t, student, room));
  });

  it('refuses a wrong name, no tick, a stale PDF, someone else and a second acceptance, saying why', async () => {
    const { student, room } = await inspection();
    const a = await agreementFor(t, student, room.id);
    const wrongName = await accept(t, student, a, { full_name: 'Somebody Else' });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().fields.full_name).toBe(
      `Type your full name as it is on your account: ${nameOf(student)}`,
    );
    const noTick = await accept(t, student, a, { agree: false });
    expect(noTick.statusCode).toBe(400);
    expect(noTick.json().message).toContain('Tick the box');
    const stale = await accept(t, student, a, { document_sha256: 'a'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Read it again');
    expect((await accept(t, other, a, { full_name: nameOf(other) })).statusCode).toBe(403);
    expect((await accept(t, admin, a, { full_name: nameOf(admin) })).statusCode).toBe(403);
    expect((await send(t, anonymous, 'POST', `/api/agreements/${a._id}/accept`, {})).statusCode).toBe(401);
    const [untouched] = await t.db.select().from(tenancyAgreements).where(eq(tenancyAgreements.id, a._id));
    expect(untouched?.acceptedAt).toBeNull();

    expect((await accept(t, student, a)).statusCode).toBe(200);
    const twice = await accept(t, student, a);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('You already accepted this agreement');
  });

  it('is not made for a rent that is not hers, nor for a room that does not exist', async () => {
    const { room } = await inspection();
    const notHers = await send(t, other, 'GET', `/api/agreements/rent?room_id=${room.id}`);
    expect(notHers.statusCode).toBe(403);
    expect(notHers.json().message).toContain('Only the student who paid the agent fee');
    const missing = await send(
      t,
      other,
      'GET',
      '/api/agreements/rent?room_id=00000000-0000-4000-8000-000000000000',
    );
    expect(missing.statusCode).toBe(404);
    const badId = await send(t, other, 'GET', '/api/agreements/rent?room_id=room-7');
    expect(badId.statusCode).toBe(400);
  });

  it('gives her and the admins a signed copy: the same pages plus an acceptance page, verifiable by its QR code', async () => {
    const { student, room } = await inspection();
    const a = await agreementFor(t, student, room.id);
    const seen = await pdfOf(t, student, a.document_url);
    const accepted = (await accept(t, student, a)).json() as AgreementJson;
    const signed = await pdfOf(t, student, accepted.signed_url as string);
    expect(sha256(signed)).toBe(accepted.signed_sha256);
    expect((await pdfOf(t, admin, accepted.signed_url as string)).equals(signed)).toBe(true);
    expect((await pdfOf(t, admin, a.document_url)).equals(seen)).toBe(true);
    expect((await send(t, other, 'GET', accepted.signed_url as string)).statusCode).toBe(403);
    expect((await send(t, anonymous, 'GET', a.document_url)).statusCode).toBe(401);

    const original = readAgreementPdf(seen);
    const copy = readAgreementPdf(signed, original.pages);
    expect(readAgreementPdf(signed).pages).toBe(original.pages + 1);
    // Its pages are the agreement's pages, word for word; then the acceptance page.
    expect(copy.text).toBe(original.text);
    const last = flat(readAgreementPdf(signed).text.slice(copy.text.length));
    for (const words of ['Acceptance', nameOf(student), '127.0.0.1', UA]) {
      expect(last, words).toContain(words);
    }
    // The 64-character hash wraps onto a second line of the page.
    expect(last.replace(/\s/g, '')).toContain(a.document_sha256);
    const { qr } = readAgreementPdf(signed);
    expect(qr).toBe(accepted.verify_url);

    // The QR code's page, and the same as JSON.
    const page = await t.app.inject({ method: 'GET', url: new URL(qr as string).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Genuine StudyNest tenancy agreement');
    expect(page.body).toContain(accepted.signed_sha256);
    const code = (qr as string).split('/').pop();
    const json = await send(t, anonymous, 'GET', `/api/agreements/verify/${code}`);
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ valid: true, signed_sha256: accepted.signed_sha256 });
    const altered = `${code?.slice(0, -2)}AA`;
    expect((await send(t, anonymous, 'GET', `/api/agreements/verify/${altered}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/verify/agreement/${altered}` })).statusCode).toBe(404);
  });

  it('checks a PDF byte for byte: the signed copy and the agreement are genuine, one changed byte is not', async () => {
    const { student, room } = await inspection();
    const a = await agreementFor(t, student, room.id);
    const accepted = (await accept(t, student, a)).json() as AgreementJson;
    const signed = await pdfOf(t, student, accepted.signed_url as string);
    const seen = await pdfOf(t, student, a.document_url);
    const check = (bytes: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/agreements/verify',
        headers: { 'content-type': 'application/pdf' },
        payload: bytes,
      });
    const good = await check(signed);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({
      valid: true,
      matches: 'signed_copy',
      tenant: expect.stringMatching(/^Ada S\.$/),
    });
    expect((await check(seen)).json()).toMatchObject({ matches: 'agreement' });
    const changed = Buffer.from(signed);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = (changed[middle] as number) ^ 0x01;
    const bad = await check(changed);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toContain(sha256(changed));
    expect((await check(Buffer.alloc(0))).statusCode).toBe(400);
  });

  it('gives a renewal its own agreement, required again before the renewal is paid', async () => {
    await setPaperworkRequired(t, admin, true);
    try {
      const { student, room } = await inspection();
      // The documents come first (documents.test.ts); here they are approved.
      await approvedDocuments(t, student, admin);
      const first = await agreementFor(t, student, room.id);
      expect((await accept(t, student, first)).statusCode).toBe(200);
      await payOk(t, student, await initiateRentOk(t, student, room));
      const due = await rentYearNearlyUp(t, room.id, 20);

      const renewal = await agreementFor(t, student, room.id);
      expect(renewal._id).not.toBe(first._id);
      expect(renewal.status).toBe('awaiting_acceptance');
      expect(renewal.terms).toMatchObject({
        term_kind: 'renewal',
        start_date: due,
        end_date: addMonths(due, 12),
      });
      const text = flat(readAgreementPdf(await pdfOf(t, student, renewal.document_url)).text);
      expect(text).toContain('Tenancy Agreement (renewal)'.toUpperCase());
      expect(text).toContain(`${formatLagosLongDate(due)} to ${formatLagosLongDate(addMonths(due, 12))}`);

      const refused = await initiate(t, 'room-price', student, rentBody(t, room));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'agreement_required' });
      expect((await accept(t, student, renewal)).statusCode).toBe(200);
      await payOk(t, student, await initiateRentOk(t, student, room));
      const mine = (await send(t, student, 'GET', '/api/agreements/mine')).json() as AgreementJson[];
      expect(mine.map((x) => x._id).sort()).toEqual([first._id, renewal._id].sort());
      const admins = await send(t, admin, 'GET', `/api/user/${student.user.id}/agreements`);
      expect(admins.json()).toHaveLength(2);
    } finally {
      await setPaperworkRequired(t, admin, false);
    }
  });

  it('leaves a signed agreement byte-identical when the template and the facts change; redraws one not accepted', async () => {
    const { student, room, hostel } = await inspection();
    const signedOne = await agreementFor(t, student, room.id);
    const accepted = (await accept(t, student, signedOne)).json() as AgreementJson;
    const before = {
      seen: await pdfOf(t, student, signedOne.document_url),
      signed: await pdfOf(t, student, accepted.signed_url as string),
    };
    const draft = await inspection();
    const unsigned = await agreementFor(t, draft.student, draft.room.id);

    // As if both were drawn from an older template, then the hostel's name and both rents changed.
    await t.db.update(tenancyAgreements).set({ templateVersion: '2025-01-01.1' });
    await t.db.update(hostels).set({ hostelName: 'Renamed Lodge' }).where(eq(hostels.id, hostel.id));
    await t.db.update(rooms).set({ price: 999_000 }).where(eq(rooms.id, draft.room.id));

    const fresh = await agreementFor(t, draft.student, draft.room.id);
    expect(fresh._id).toBe(unsigned._id);
    expect(fresh.template_version).toBe(AGREEMENT_TEMPLATE_VERSION);
    expect(fresh.document_sha256).not.toBe(unsigned.document_sha256);
    expect(flat(readAgreementPdf(await pdfOf(t, draft.student, fresh.document_url)).text)).toContain(
      '₦999,000',
    );

    const kept = (await send(t, student, 'GET', `/api/agreements/${accepted._id}`)).json() as AgreementJson;
    expect(kept.template_version).toBe('2025-01-01.1');
    expect((await pdfOf(t, student, accepted.document_url)).equals(before.seen)).toBe(true);
    expect((await pdfOf(t, student, accepted.signed_url as string)).equals(before.signed)).toBe(true);
    expect(flat(readAgreementPdf(before.signed).text)).not.toContain('Renamed Lodge');
  });

  it('records the template it is drawn from: changing its words means deciding on a new version', () => {
    const source = readFileSync(new URL('./agreement-template.ts', import.meta.url));
    expect(
      { version: AGREEMENT_TEMPLATE_VERSION, sha256: sha256(source) },
      'agreement-template.ts changed: raise AGREEMENT_TEMPLATE_VERSION, then record the new hash here',
    ).toEqual({
      version: '2026-11-27.2',
      sha256: '18de73ced203467112eb90e4cf9f5715531bbb467e87c3194f2548f0d81fcea7',
    });
  });

  it('answers a student with no agreement an empty list, and unknown agreements 404', async () => {
    const fresh = await signedInUser(t);
    expect((await send(t, fresh, 'GET', '/api/agreements/mine')).json()).toEqual([]);
    const none = '00000000-0000-4000-8000-000000000000';
    expect((await send(t, fresh, 'GET', `/api/agreements/${none}`)).statusCode).toBe(404);
    expect((await send(t, fresh, 'GET', `/api/agreements/${none}/signed.pdf`)).statusCode).toBe(404);
  });
});
