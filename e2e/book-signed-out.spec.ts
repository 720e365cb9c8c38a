import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, hostelWithRoom, latestCode, login, newPerson } from './people.ts';
import { SHOTS, shotPath } from './screenshots.ts';

// A student on a phone taps Book Inspection before she has signed in: the room she chose is kept
// through Log in, Sign up and the e-mailed code, and she lands on its booking form.
test.use({ viewport: { width: 375, height: 812 } });

let made = 0;
/** A hostel of this journey's own with one free room, "room 0N". */
async function hostelAndRoom(request: APIRequestContext) {
  made += 1;
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const hostelName = `Intent Lodge ${Date.now()}${made}`;
  const roomNumber = `room 0${made}`;
  const ids = await hostelWithRoom(
    request,
    admin,
    {
      hostel_name: hostelName,
      address: '4 Akoka Road, Yaba, Lagos',
      hostel_details: 'Near the UNILAG gate.',
    },
    {
      room_number: roomNumber,
      price: 450_000,
      agent_fee: 30_000,
      caution_fee: 20_000,
      commission_fee: 10_000,
    },
  );
  return { ...ids, hostelName, shown: `Room 0${made}` };
}

/** From the hostel page, tap the room's Book Inspection while signed out: Log in, saying why. */
async function tapBookInspection(page: Page, room: Awaited<ReturnType<typeof hostelAndRoom>>) {
  await page.goto(`/hostel/${room.hostelId}`);
  await page.getByTestId('room-card').getByRole('link', { name: 'Book Inspection' }).click();
  const next = encodeURIComponent(`/book-inspection/${room.roomId}`);
  await expect(page).toHaveURL(`/login?next=${next}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expect(
    page.getByText(`Log in or create an account to book ${room.shown} at ${room.hostelName}.`),
  ).toBeVisible();
  return next;
}

/** The room's booking form, signed in. */
async function expectBookingForm(page: Page, room: Awaited<ReturnType<typeof hostelAndRoom>>) {
  await expect(page).toHaveURL(`/book-inspection/${room.roomId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Inspection' })).toBeVisible();
  await expect(page.getByRole('link', { name: `← ${room.hostelName}` })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
}

test('signed out, Book Inspection → Sign up → the e-mailed code → that room’s booking form, no password again', async ({
  page,
  request,
}) => {
  const room = await hostelAndRoom(request);
  const next = await tapBookInspection(page, room);
  if (SHOTS) await page.screenshot({ path: shotPath('login-to-book-375.png'), fullPage: true });

  // A reload keeps it: it is in the address.
  await page.reload();
  await expect(page.getByText(`Log in or create an account to book ${room.shown}`)).toBeVisible();

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(`/sign-up?next=${next}`);
  await expect(
    page.getByText(`Create an account to book ${room.shown} at ${room.hostelName}.`),
  ).toBeVisible();
  // Log in ↔ Sign up keeps it both ways.
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
    'href',
    `/login?next=${next}`,
  );

  const p = newPerson('Intent');
  await page.getByLabel('First Name').fill(p.first_name);
  await page.getByLabel('Last Name').fill(p.last_name);
  await page.getByLabel('Gender').selectOption(p.gender);
  await page.getByLabel('Email').fill(p.email);
  await page.getByLabel('Phone Number').fill(p.phone_number);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(`/sign-up-otp?email=${encodeURIComponent(p.email)}&next=${next}`);

  // Off to the mail app and back, the page reloaded: the code still signs her in.
  await page.reload();
  const code = await latestCode(request, p.email, /StudyNest code/);
  await page.getByPlaceholder('Enter four digit pin code sent to your email address').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expectBookingForm(page, room);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email address is confirmed.' }),
  ).toBeVisible();
  // Signed in as herself, with her e-mail confirmed: the form is hers to use.
  expect(await page.evaluate(() => sessionStorage.getItem('signupTicket'))).toBeNull();
  const profile = await request.get(
    `/api/user/${await page.evaluate(() => localStorage.getItem('userId'))}`,
    {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('userToken'))}` },
    },
  );
  expect(await profile.json()).toMatchObject({ email: p.email, isEmailConfirmed: true });
});

test('signed out with an account already: Book Inspection → Log in → that room’s booking form', async ({
  page,
  request,
}) => {
  const room = await hostelAndRoom(request);
  const student = await createStudent(request, 'IntentBack');
  await tapBookInspection(page, room);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectBookingForm(page, room);
  await expect(
    page.getByRole('status').filter({ hasText: `Welcome back, ${student.first_name}!` }),
  ).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Book Inspection reaches Log in with the room remembered', async ({ page, request }) => {
    const room = await hostelAndRoom(request);
    await page.goto(`/hostel/${room.hostelId}`);
    await page.getByTestId('room-card').getByRole('link', { name: 'Book Inspection' }).click();
    await expect(page).toHaveURL(`/book-inspection/${room.roomId}`);
    await page.getByRole('link', { name: 'Log in or create an account to book this room' }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/book-inspection/${room.roomId}`)}`);
    // Turning JavaScript on and reloading, as the page says, opens Log in for that room.
    await expect(page.getByRole('link', { name: 'Reload this page' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent(`/book-inspection/${room.roomId}`)}`,
    );
  });
});
