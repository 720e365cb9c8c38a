import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, logIn, login, signIn } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

/**
 * A student sends her documents from the profile's link, an admin rejects one with a reason, she
 * sends another, and both are approved (docs/domain.md, "Documents"). At 375 px, the narrowest
 * phone we design for. `E2E_SCREENSHOTS=1` also saves the upload page and the admin queue.
 */

const PHONE = { width: 375, height: 812 };

async function pdfFile(name: string, text: string) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([420, 300]).drawText(text, { x: 24, y: 240, size: 16, font });
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}

async function photoFile(name: string) {
  const buffer = await sharp({ create: { width: 900, height: 560, channels: 3, background: '#dfe8f1' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestPhone' } })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a student uploads her documents, an admin rejects one with a reason, she re-uploads, both are approved', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const person = await createStudent(request, 'Docs');
  const name = `${person.first_name} ${person.last_name}`;
  const session = await login(request, person.email, person.password);
  await signIn(page, session);
  await page.setViewportSize(PHONE);

  // The profile says what to do next and leads to the upload page.
  await page.goto(`/profile/${session.userId}`);
  const step = page.getByRole('link', { name: /Your documents/ });
  await expect(step).toContainText('Upload your student ID or admission letter and your passport');
  await step.click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Your documents', level: 1 })).toBeVisible();

  const study = page.getByRole('form', { name: /Upload Proof of study/ });
  const identity = page.getByRole('form', { name: /Upload Proof of identity/ });
  await study.getByLabel('Which document').selectOption({ label: 'Student ID card' });
  await study.getByLabel('File').setInputFiles(await photoFile('student-id.jpg'));
  await study.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Student ID card (student-id.jpg)')).toBeVisible();
  await identity.getByLabel('Which document').selectOption({ label: 'NIN slip' });
  await identity.getByLabel('File').setInputFiles(await pdfFile('nin-slip.pdf', `NIN slip: ${name}`));
  await identity.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('NIN slip (nin-slip.pdf)')).toBeVisible();
  await expect(page.getByText(/Wait for an admin to check Student ID card and NIN slip/)).toBeVisible();
  await expect(page.getByText('Waiting for an admin to check it')).toHaveCount(2);
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) await page.screenshot({ path: shotPath('documents-upload-375.png'), fullPage: true });

  // A file that is not a document is refused, naming it, and nothing changes.
  await identity.getByLabel('New file').setInputFiles({
    name: 'notes.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('just some words, not a PDF'),
  });
  await identity.getByRole('button', { name: 'Upload again' }).click();
  await expect(identity.getByText(/notes\.pdf is not a PDF, JPEG, PNG or HEIC file/)).toBeVisible();

  // The admin's queue, oldest first: the student ID is rejected with a reason.
  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await logIn(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  await admin.goto('/admin-documents');
  await expect(admin.getByRole('heading', { name: 'Documents to review' })).toBeVisible();
  const idCard = admin.getByRole('article', { name: `Student ID card of ${name}` });
  const ninCard = admin.getByRole('article', { name: `NIN slip of ${name}` });
  await expect(idCard).toBeVisible();
  await expect(ninCard).toBeVisible();
  // Opening it shows the file (from memory, fetched with the admin's token) and is logged.
  const [tab] = await Promise.all([
    admin.waitForEvent('popup'),
    idCard.getByRole('button', { name: 'Open Student ID card' }).click(),
  ]);
  await expect.poll(() => tab.url()).toMatch(/^blob:/);
  await tab.close();
  const reason = 'The photo is blank; take it again in good light with your name showing';
  await idCard.getByRole('button', { name: 'Reject…' }).click();
  await idCard.getByLabel('Reason (sent to the student by e-mail and text)').fill(reason);
  if (SHOTS) await admin.screenshot({ path: shotPath('admin-documents-375.png'), fullPage: true });
  expect(await noSidewaysScroll(admin)).toBe(true);
  await idCard.getByRole('button', { name: `Reject and tell ${person.first_name}` }).click();
  await expect(idCard).toHaveCount(0);

  const adminSession = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const auth = { authorization: `Bearer ${adminSession.token}` };
  const log = await (await request.get('/api/admin/audit?kind=document.viewed', { headers: auth })).json();
  expect(log.map((e: { summary: string }) => e.summary)).toContain(`Viewed ${name}'s Student ID card`);

  // She is told by e-mail and by text, with the reason.
  await expect
    .poll(async () => {
      const mails = await (
        await request.get(`/api/dev/outbox?to=${encodeURIComponent(person.email)}`)
      ).json();
      return mails.some((m: { text: string }) => m.text.includes(`Reason: ${reason}`));
    })
    .toBe(true);
  await expect
    .poll(async () => {
      const texts = await (
        await request.get(`/api/dev/sms-outbox?to=${encodeURIComponent(person.phone_stored)}`)
      ).json();
      return texts.some((m: { text: string }) => m.text.includes(reason));
    })
    .toBe(true);

  // Her page says what was wrong; she sends her admission letter instead.
  await page.reload();
  await expect(page.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();
  await study.getByLabel('Which document').selectOption({ label: 'Admission letter' });
  await study
    .getByLabel('New file')
    .setInputFiles(await pdfFile('admission.pdf', `Admission letter: ${name}`));
  await study.getByRole('button', { name: 'Upload again' }).click();
  await expect(page.getByText('Admission letter (admission.pdf)')).toBeVisible();

  // The admin approves both.
  await admin.reload();
  const letterCard = admin.getByRole('article', { name: `Admission letter of ${name}` });
  await ninCard.getByRole('button', { name: 'Approve' }).click();
  await expect(ninCard).toHaveCount(0);
  await letterCard.getByRole('button', { name: 'Approve' }).click();
  await expect(letterCard).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  await expect(page.getByText('Both documents are approved. Nothing more to send.')).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toHaveCount(2);
  await page.getByRole('link', { name: 'Back to my profile' }).click();
  await expect(page.getByRole('link', { name: /Your documents/ })).toContainText('Your documents: approved');
});
