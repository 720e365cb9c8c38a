import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { acceptRentAgreement } from '../src/modules/agreements/agreements.fixtures.ts';
import { realPdf, uploadDocument } from '../src/modules/documents/documents.fixtures.ts';
import { multipart, pngPhoto } from '../src/modules/hostels/hostels.fixtures.ts';
import { initiateRentOk, paidInspection, payOk } from '../src/modules/payments/payments.fixtures.ts';
import { tenancies } from '../src/modules/tenancies/tenancies.schema.ts';
import type { TestApp } from './build-test-app.ts';
import { type Caller, send, sendForm } from './requests.ts';

/**
 * A tenant with every kind of paperwork, each made through the API as the app makes it: a NIN
 * slip uploaded, the tenancy agreement accepted before rent was paid, and her room's condition
 * recorded by her with one photo (the data-rights suites).
 */
export async function tenantWithPaperwork(t: TestApp) {
  const inspected = await paidInspection(t, { room: {}, deposit: true });
  const { student, room } = inspected;
  const uploaded = await uploadDocument(t, student, 'nin_slip', {
    data: await realPdf(1),
    filename: 'nin.pdf',
    type: 'application/pdf',
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  await acceptRentAgreement(t, student, room.id);
  const rent = await payOk(t, student, await initiateRentOk(t, student, room));
  const [tenancy] = await t.db.select().from(tenancies).where(eq(tenancies.roomId, room.id));
  const photos = await sendForm(
    t,
    student,
    'POST',
    `/api/tenancies/${tenancy!.id}/condition/photos`,
    await multipart({}, [
      { field: 'photos', data: await pngPhoto(), filename: 'bed.png', type: 'image/png' },
    ]),
  );
  expect(photos.statusCode, photos.body).toBe(201);
  const photoId = photos.json()[0]._id as string;
  const report = await send(t, student, 'POST', `/api/tenancies/${tenancy!.id}/condition`, {
    items: [
      { name: 'Bed', state: 'damaged', note: 'Leg cracked', photo_ids: [photoId] },
      { name: 'Fan', state: 'good', photo_ids: [] },
    ],
  });
  expect(report.statusCode, report.body).toBe(201);
  return {
    ...inspected,
    tenancy: tenancy!,
    rentReference: rent.reference,
    documentId: uploaded.json()._id as string,
    photoId,
    reportId: report.json()._id as string,
  };
}

/** The admins' paperwork setting (docs/domain.md, "Documents"), set through the settings page's API. */
export async function setPaperworkRequired(t: TestApp, admin: Caller, on: boolean): Promise<void> {
  const current = (await send(t, admin, 'GET', '/api/admin/settings')).json();
  const res = await send(t, admin, 'PUT', '/api/admin/settings', {
    ...current,
    paperwork_required_for_rent: on,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().paperwork_required_for_rent).toBe(on);
}
