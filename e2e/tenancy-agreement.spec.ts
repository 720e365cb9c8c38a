import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Download } from '@playwright/test';
import { formatNaira } from '@studynest/contracts/format';
import { PDFDocument } from 'pdf-lib';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, signIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * The tenancy agreement (docs/domain.md, "Tenancy agreement"), at 375 px: with paperwork required,
 * Pay Rent is refused first for her documents (approved here through the API), then for the
 * agreement, and links to it; she reads it, types her name, ticks the box and
 * accepts; downloads the signed copy; then pays the rent at the sandbox checkout.
 * `E2E_SCREENSHOTS=1` also saves the accept page and the agreement's first page into docs/screenshots.
 */

const pdfText = (file: string) => execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');

async function saved(download: Download, path: string) {
  await download.saveAs(path);
  return path;
}

/** Her student ID and passport, uploaded and approved through the API (documents.spec.ts does it on screen). */
async function approvedDocuments(
  request: APIRequestContext,
  student: { token: string },
  adminHeaders: Record<string, string>,
) {
  for (const kind of ['student_id', 'passport']) {
    const doc = await PDFDocument.create();
    doc.addPage([420, 300]);
    const uploaded = await request.post('/api/documents', {
      headers: { authorization: `Bearer ${student.token}` },
      multipart: {
        kind,
        file: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const reviewed = await request.post(`/api/admin/documents/${(await uploaded.json())._id}/review`, {
      headers: adminHeaders,
      data: { decision: 'approve' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(200);
  }
}

test('with paperwork required she reads and accepts the agreement, downloads the signed copy, then pays rent', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const adminHeaders = { authorization: `Bearer ${admin.token}` };
  const setPaperwork = async (on: boolean) => {
    const current = await (await request.get('/api/admin/settings', { headers: adminHeaders })).json();
    const res = await request.put('/api/admin/settings', {
      headers: adminHeaders,
      data: { ...current, paperwork_required_for_rent: on },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  const person = await createStudent(request, 'Agreement');
  const student = await login(request, person.email, person.password);
  const hostelName = `Agreement Lodge ${Date.now()}`;
  const room = {
    room_number: 'room 11',
    price: 380_000,
    agent_fee: 38_000,
    caution_fee: 40_000,
    commission_fee: 19_000,
  };
  const ids = await hostelWithRoom(
    request,
    admin,
    {
      hostel_name: hostelName,
      address: '5 Ekehuan Road, Benin City',
      hostel_details: 'Quiet, near the gate.',
    },
    room,
  );
  await bookAndPay(request, baseURL as string, student, ids, ['agent_fee']);
  const fullName = `${person.first_name} ${person.last_name}`;

  await setPaperwork(true);
  try {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, student);
    await page.goto(`/profile/${student.userId}`);
    // Documents come first: rent waits until an admin has approved both of hers.
    await page.getByRole('button', { name: 'Pay Rent' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Approved documents are needed before rent can be paid',
    );
    await expect(page.getByRole('link', { name: 'Send or check your documents' })).toBeVisible();
    await approvedDocuments(request, student, adminHeaders);
    await page.reload();
    await page.getByRole('button', { name: 'Pay Rent' }).click();
    await expect(page.getByRole('alert')).toContainText('Read and accept your tenancy agreement');
    await page.getByRole('link', { name: 'Read and accept the tenancy agreement' }).click();

    await expect(page).toHaveURL(new RegExp(`/tenancy-agreement/${ids.roomId}$`));
    await expect(page.getByRole('heading', { name: 'Tenancy agreement', level: 1 })).toBeVisible();
    for (const words of [
      fullName,
      hostelName,
      'Room 11',
      formatNaira(room.price),
      formatNaira(room.caution_fee),
      '10 PM to 6 AM',
    ]) {
      await expect(page.getByText(words, { exact: false }).first()).toBeVisible();
    }

    // The PDF she reads: her name, the hostel and the rent.
    const [reading] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Read the agreement (PDF)' }).click(),
    ]);
    expect(reading.suggestedFilename()).toMatch(/^TA-[0-9A-F]{8}\.pdf$/);
    const readFile = await saved(reading, testInfo.outputPath('agreement.pdf'));
    const readText = pdfText(readFile);
    expect(readText).toContain(fullName);
    expect(readText).toContain(hostelName);
    expect(readText).toContain(formatNaira(room.price));

    // No tick, then a wrong name: each says what to do.
    const accept = page.getByRole('button', { name: 'Accept the agreement' });
    await page.getByLabel('Your full name').fill('Someone Else');
    await accept.click();
    await expect(page.getByText('Tick the box to say you agree to the tenancy agreement')).toBeVisible();
    await page.getByLabel('I have read and agree to this tenancy agreement').check();
    await accept.click();
    await expect(page.getByText(`Type your full name as it is on your account: ${fullName}`)).toBeVisible();

    // Her name as she types it: case does not matter.
    await page.getByLabel('Your full name').fill(fullName.toLowerCase());
    if (SHOTS) {
      await page.screenshot({ path: shotPath('tenancy-agreement-accept-375.png'), fullPage: true });
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '70',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        readFile,
        shotPath('tenancy-agreement-p1'),
      ]);
    }
    await accept.click();
    await expect(page.getByText('You accepted this agreement on')).toBeVisible();

    const [signing] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the signed copy' }).click(),
    ]);
    expect(signing.suggestedFilename()).toMatch(/^TA-[0-9A-F]{8}-signed\.pdf$/);
    const signedText = pdfText(await saved(signing, testInfo.outputPath('agreement-signed.pdf')));
    expect(signedText).toContain('Record of acceptance');
    expect(signedText).toContain(fullName.toLowerCase());
    expect(signedText).toContain('Is this copy genuine?');

    // Now the rent goes through, from the profile.
    await page.getByRole('link', { name: 'Back to my profile to pay the rent' }).click();
    await page.getByRole('button', { name: 'Pay Rent' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/rent-receipt\?reference=/);
    await expect(page.getByText('Your rent payment has been successfully completed.')).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await setPaperwork(false);
  }
});
