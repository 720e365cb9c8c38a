import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { formatLagosDate, formatNaira } from '@studynest/contracts/format';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login, signIn } from './people.ts';

type RoomWithHostel = {
  _id: string;
  room_number: string;
  unit: string;
  status: string;
  agent_fee: number;
  price: number;
  hostel: { _id: string; hostel_name: string; address: string };
};

// Demo hostels this journey may book (other specs leave their rooms alone).
const OUR_HOSTELS = ['Samaru Comfort Lodge', 'Nsukka Heights Hostel'];
const SLOT = '10:00am - 10:30am';

/** A fresh, verified student, signed in through the API. */
async function newStudent(request: APIRequestContext) {
  const stamp = Date.now();
  const student = {
    first_name: 'Ada',
    last_name: `Booker${stamp}`,
    gender: 'female',
    email: `booker-${stamp}@studynest.test`,
    phone_number: '08031234567',
    password: 'inspection-journey-9',
  };
  const signup = await request.post('/api/auth/signup', { data: student });
  expect(signup.status(), await signup.text()).toBe(201);
  const outbox = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(student.email)}`)).json();
  const code = /\b(\d{4})\b/.exec(outbox.at(-1).text)?.[1];
  expect(code).toBeTruthy();
  const verify = await request.post('/api/auth/verify-email-otp', {
    data: { email: student.email, otp: code },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { ...student, session: await login(request, student.email, student.password) };
}

async function downloadPdfText(page: Page, path: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Receipt' }).click(),
  ]);
  // Then home with no second held (the old notice waited 1 s there), the notice shown on the home page.
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/, { timeout: 700 });
  await expect(page.getByRole('status').filter({ hasText: 'Receipt downloaded' })).toBeVisible();
  // Saved under its receipt number.
  expect(download.suggestedFilename()).toMatch(/^SN-\d{4}-\d{6}\.pdf$/);
  await download.saveAs(path);
  // A receipt is kept and shared over mobile data: a real PDF, and a small one.
  const bytes = statSync(path).size;
  console.log(`${download.suggestedFilename()}: ${bytes} bytes`);
  expect(bytes).toBeLessThan(60 * 1024);
  const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
  // The server's receipt: its own number, the naira sign, and the address its QR code opens.
  expect(text).toMatch(/SN-\d{4}-\d{6}/);
  expect(text).toMatch(/\/verify\/SN-\d{4}-\d{6}\./);
  expect(text).not.toContain('NGN');
  return text;
}

test('student books an inspection, pays the agent fee and the rent, gets both receipts; the admin sees it', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const student = await newStudent(request);
  const rooms: RoomWithHostel[] = await (await request.get('/api/rooms')).json();
  const room = rooms.find((r) => r.status === 'available' && OUR_HOSTELS.includes(r.hostel.hostel_name));
  if (!room) throw new Error('no available demo room in our hostels');
  const hostel = room.hostel;

  // Signed out, the booking screen sends people to log in.
  await page.goto(`/book-inspection/${room._id}`);
  await expect(page).toHaveURL(/\/login\?next=%2Fbook-inspection%2F[0-9a-f-]{36}$/);

  await signIn(page, student.session);
  await page.goto(`/book-inspection/${room._id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Inspection' })).toBeVisible();
  await expect(page.getByText(hostel.hostel_name, { exact: true })).toBeVisible();
  await expect(page.getByText(room.room_number, { exact: true })).toBeVisible();
  await expect(page.getByText(formatNaira(room.agent_fee))).toBeVisible();
  await expect(page.getByText('Required for room inspection')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay Agent Fee' });
  await expect(pay).toBeDisabled();

  // Past dates are refused.
  const date = page.getByLabel('Inspection date');
  await date.fill(addDays(todayInLagos(), -2));
  await expect(page.getByText('Inspection dates cannot be in the past.', { exact: false })).toBeVisible();
  await date.fill(addDays(todayInLagos(), 1));
  await expect(page.getByText('Inspection dates cannot be in the past.', { exact: false })).toHaveCount(0);
  await expect(pay).toBeDisabled();

  // The clock button folds the slot list away and back.
  const toggle = page.getByRole('button', { name: 'Hide time slots' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await toggle.click();
  await expect(page.getByRole('radio', { name: SLOT })).toBeHidden();
  await page.getByRole('button', { name: 'Show time slots' }).click();
  await page.getByRole('radio', { name: SLOT }).check();
  await expect(pay).toBeEnabled();

  // The real server answers, half a second late, as over mobile data: long enough to see the
  // overlay every time (a local sandbox redirects faster than the check can look).
  await page.route('**/api/bookings', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.continue();
  });
  await pay.click();
  await expect(page.getByRole('status').filter({ hasText: 'Please wait…' })).toBeVisible();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('note')).toContainText('TEST PAYMENT');
  await page.getByRole('button', { name: /^Pay / }).click();

  // Back on the agent-fee receipt.
  await expect(page).toHaveURL(/\/receipt-page\?reference=/);
  const agentReference = new URL(page.url()).searchParams.get('reference') ?? '';
  await expect(page.getByRole('heading', { name: 'Thank you for your payment!' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByText('Your room inspection booking has been successfully completed.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Payment Summary' });
  await expect(summary).toContainText('Success');
  await expect(summary).toContainText('Agent fee');
  await expect(summary).toContainText(`Paid by${student.first_name} ${student.last_name}`);
  await expect(summary).toContainText(formatNaira(room.agent_fee));
  const booking = page.getByRole('region', { name: 'Booking Information' });
  await expect(booking).toContainText(hostel.hostel_name);
  await expect(booking).toContainText(room.room_number);
  await expect(booking).toContainText(room.unit);
  await expect(booking).toContainText(SLOT);
  await expect(booking).toContainText(hostel.address);
  await expect(page.getByText('Please arrive on time for your inspection.')).toBeVisible();

  const agentPdf = await downloadPdfText(page, testInfo.outputPath('receipt.pdf'));
  expect(agentPdf).toContain(formatNaira(room.agent_fee));
  expect(agentPdf).toContain(hostel.hostel_name);
  expect(agentPdf).toContain(SLOT);
  expect(agentPdf).toContain('Thank you for your payment!');
  await expect(page).toHaveURL(`${baseURL}/`);

  // The room is now booked for this student.
  const after = await (await request.get(`/api/rooms/room/${room._id}`)).json();
  expect(after.status).toBe('booked');

  // Rent: from the profile's Pay Rent / Renew Rent button when the profile screen has it…
  await page.goto(`/profile/${student.session.userId}`);
  const rentButton = page.getByRole('button', { name: /^(Pay|Renew) Rent$/ });
  const profileHasButton = await rentButton.waitFor({ timeout: 8_000 }).then(
    () => true,
    () => false,
  );
  if (profileHasButton) {
    await rentButton.click();
  } else {
    // …or, while the profile screen is still being built, the same call the button makes.
    const auth = { authorization: `Bearer ${student.session.token}` };
    const agentFee = await (
      await request.get(`/api/payments/verify?reference=${encodeURIComponent(agentReference)}`, {
        headers: auth,
      })
    ).json();
    const res = await request.post('/api/payments/room-price/initiate', {
      headers: auth,
      data: {
        amount: room.price,
        room_id: room._id,
        hostel_id: hostel._id,
        booking_id: agentFee.booking._id,
        callback_url: `${baseURL}/rent-receipt`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto((await res.json()).checkoutLink);
  }
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/rent-receipt\?reference=/);
  await expect(page.getByText('Your rent payment has been successfully completed.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('heading', { name: 'Thank you for your payment!' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment Summary' })).toContainText(
    `Rent, 12 months from ${formatLagosDate(todayInLagos())}`,
  );
  await expect(page.getByRole('region', { name: 'Payment Summary' })).toContainText(formatNaira(room.price));
  const rentInfo = page.getByRole('region', { name: 'Rent Information' });
  await expect(rentInfo).toContainText(hostel.hostel_name);
  await expect(rentInfo).toContainText(room.room_number);
  await expect(rentInfo).toContainText('Rent due date');
  const notice = page.getByRole('region', { name: 'Notice to the tenant' });
  // Rent paid before tomorrow's inspection: no agent has shown the room yet, so no key line.
  await expect(notice).toContainText('Your room is ready for you to move in.');
  await expect(notice).not.toContainText('collect your key');
  await expect(notice).toContainText('StudyNest Hostels Ltd.');
  const rentPdf = await downloadPdfText(page, testInfo.outputPath('rent-receipt.pdf'));
  expect(rentPdf).toContain('Rent, 12 months from');
  expect(rentPdf).not.toContain('ROOM_RENT');
  expect(rentPdf).toContain(formatNaira(room.price));
  await expect(page).toHaveURL(`${baseURL}/`);

  // Profile → Payments → Payment history: both payments, newest first, named as their receipts
  // name them, each with its receipt number and a download.
  await page.goto(`/profile/${student.session.userId}`);
  const history = page.getByRole('region', { name: 'Payment history', exact: true });
  const rows = history.getByTestId('payment-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Rent, 12 months from ${formatLagosDate(todayInLagos())}`);
  await expect(history).not.toContainText(/ROOM_RENT|AGENT_FEE/);
  await expect(rows.nth(0)).toContainText(formatNaira(room.price));
  await expect(rows.nth(1)).toContainText('Agent fee');
  await expect(rows.nth(1)).toContainText(formatNaira(room.agent_fee));
  await expect(rows.nth(0)).toContainText(/Receipt SN-\d{4}-\d{6}/);
  const [profileDownload] = await Promise.all([
    page.waitForEvent('download'),
    rows
      .nth(1)
      .getByRole('button', { name: /Download receipt/ })
      .click(),
  ]);
  expect(profileDownload.suggestedFilename()).toMatch(/^SN-\d{4}-\d{6}\.pdf$/);
  const profilePdfPath = testInfo.outputPath('profile-receipt.pdf');
  await profileDownload.saveAs(profilePdfPath);
  expect(execFileSync('pdftotext', ['-layout', profilePdfPath, '-']).toString()).toContain(
    formatNaira(room.agent_fee),
  );

  // The address printed on the receipt, opened by someone with no StudyNest session.
  const verifyPath = /\/verify\/SN-\d{4}-\d{6}\.[A-Za-z0-9_-]{22}/.exec(agentPdf)?.[0];
  expect(verifyPath).toBeTruthy();
  const stranger = await browser.newContext({ baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(verifyPath as string);
  await expect(strangerPage.getByRole('heading', { name: /Genuine StudyNest receipt/ })).toBeVisible();
  await expect(strangerPage.getByText(formatNaira(room.agent_fee))).toBeVisible();
  await expect(strangerPage.getByText(student.email)).toHaveCount(0);
  // One character of the code changed: not ours.
  const code = (verifyPath as string).slice('/verify/'.length);
  const dot = code.indexOf('.');
  const altered = `${code.slice(0, dot + 1)}${code[dot + 1] === 'A' ? 'B' : 'A'}${code.slice(dot + 2)}`;
  await strangerPage.goto(`/verify/${altered}`);
  await expect(strangerPage.getByRole('heading', { name: /Not a StudyNest receipt/ })).toBeVisible();
  await stranger.close();

  // The admin sees the new tenant and the booking.
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  expect(admin.role).toBe('admin');
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-tenants');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible();
  await adminPage.getByLabel('Search tenants').fill(student.email);
  const tenants = adminPage.getByRole('region', { name: 'Tenants table' });
  await expect(tenants.getByRole('row')).toHaveCount(2);
  await expect(tenants).toContainText(student.last_name);
  await expect(tenants).toContainText(hostel.hostel_name);
  await expect(tenants).toContainText(formatNaira(room.price));
  await adminPage.getByLabel('Search tenants').fill('no such tenant anywhere');
  await expect(adminPage.getByText('No tenants match')).toBeVisible();

  const bookingsLink = adminPage.getByRole('link', { name: /^Bookings: \d+ upcoming/ });
  await expect(bookingsLink).toBeVisible();
  await bookingsLink.click();
  await expect(adminPage).toHaveURL(/\/all-bookings$/);
  // The student rented the room: the booking is no longer an inspection to come, and reads so
  // among all bookings, its agent fee paid.
  await expect(adminPage.getByRole('button', { name: 'Upcoming paid' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const bookings = adminPage.getByRole('region', { name: 'Bookings table' });
  await expect(adminPage.getByText('No upcoming paid inspections.').or(bookings)).toBeVisible();
  await expect(adminPage.getByText(student.email)).toHaveCount(0);
  await adminPage.getByRole('button', { name: 'All bookings' }).click();
  const ours = bookings.getByRole('row').filter({ hasText: student.email });
  await expect(ours).toHaveCount(1);
  await expect(ours).toContainText(SLOT);
  await expect(ours).toContainText('Inspected, rented');
  await expect(ours).toContainText('Paid');
  await adminContext.close();
});
