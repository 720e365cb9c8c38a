import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayInLagos } from '@studynest/contracts/calendar';
import { PAYMENT_INITIATE_PATHS, type PaymentKind } from '@studynest/contracts/constants';
import { E2E_ADMIN, expect } from './fixtures.ts';

/** Unique per run and per call, so the shared server never sees the same account twice. */
let counter = 0;
export function newPerson(label: string) {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  return {
    first_name: 'Ada',
    last_name: `${label}${counter}`,
    gender: 'female',
    email: `${label.toLowerCase()}-${stamp}@studynest.test`,
    // A Nigerian mobile number as people type it: 0803 (an MTN range) + 7 digits.
    phone_number: `0803${stamp.slice(-7)}`,
    /** The same number as the API stores and shows it (E.164, docs/domain.md "Accounts"). */
    phone_stored: `+234803${stamp.slice(-7)}`,
    password: `study-nest-${stamp}`,
  };
}
export type Person = ReturnType<typeof newPerson>;

/** The newest 4-digit code e-mailed to `to` whose subject matches (read from the dev outbox). */
export async function latestCode(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as { to: string; subject: string; text: string }[];
      const mine = mails.filter((m) => m.to === to && subject.test(m.subject));
      code = mine.at(-1)?.text.match(/\b(\d{4})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** A confirmed student made through the API (for journeys that do not test sign-up itself). */
export async function createStudent(request: APIRequestContext, label: string): Promise<Person> {
  const person = newPerson(label);
  const res = await request.post('/api/auth/signup', { data: person });
  expect(res.status()).toBe(201);
  const otp = await latestCode(request, person.email, /StudyNest code/);
  const verified = await request.post('/api/auth/verify-email-otp', { data: { email: person.email, otp } });
  expect(verified.status()).toBe(200);
  return person;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** After a password change or reset: the old password is refused (full message shown), the new one logs in. */
export async function expectOnlyNewPasswordWorks(
  page: Page,
  email: string,
  oldPassword: string,
  newPassword: string,
) {
  await logIn(page, email, oldPassword);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAccessibleDescription(/The email or password is incorrect/);
  await password.fill(newPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome back' })).toBeVisible();
}

export type Session = { token: string; userId: string; role: string };

/** Log in through the API (for journeys that do not test the login screen). */
export async function login(request: APIRequestContext, email: string, password: string): Promise<Session> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  return { token: body.token, userId: body.user._id, role: body.user.role };
}

/** Put a session where the web app keeps it, before any page script runs. */
export async function signIn(page: Page, session: Session) {
  await page.addInitScript((s) => {
    localStorage.setItem('userToken', s.token);
    localStorage.setItem('userId', s.userId);
    localStorage.setItem('userRole', s.role);
  }, session);
}

/** Press Pay on the sandbox checkout, as the browser's form would. */
export async function payInSandbox(request: APIRequestContext, reference: string) {
  const res = await request.post(`/sandbox/checkout/${encodeURIComponent(reference)}/pay`, {
    form: {},
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(303);
}

/**
 * A hostel of the journey's own with one available single room, so no other journey's rooms are
 * touched. `room` sets the room's number and fees.
 */
export async function hostelWithRoom(
  request: APIRequestContext,
  admin: Session,
  hostel: { hostel_name: string; address: string; hostel_details: string },
  room: {
    room_number: string;
    price: number;
    agent_fee: number;
    caution_fee: number;
    commission_fee: number;
  },
) {
  const headers = { authorization: `Bearer ${admin.token}` };
  const madeHostel = await request.post('/api/hostels', { headers, data: hostel });
  expect(madeHostel.status(), await madeHostel.text()).toBe(201);
  const hostelId = ((await madeHostel.json()) as { _id: string })._id;
  const madeRoom = await request.post('/api/rooms', {
    headers,
    data: { ...room, unit: 'single room (share facilities)', hostel: hostelId, status: 'available' },
  });
  expect(madeRoom.status(), await madeRoom.text()).toBe(201);
  return { hostelId, roomId: ((await madeRoom.json()) as { _id: string })._id };
}

/**
 * The cast of a money journey: the admin's session, a new student (`label` in her name), logged in,
 * and a hostel of the journey's own with one room (as `hostelWithRoom` makes them).
 */
export async function adminStudentAndRoom(
  request: APIRequestContext,
  label: string,
  hostel: Parameters<typeof hostelWithRoom>[2],
  room: Parameters<typeof hostelWithRoom>[3],
) {
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const person = await createStudent(request, label);
  const student = await login(request, person.email, person.password);
  const { hostelId, roomId } = await hostelWithRoom(request, admin, hostel, room);
  return { admin, person, student, hostelId, roomId };
}

/**
 * What most journeys need before they start: `student` books `room` for an inspection `daysAhead`
 * days from today (Lagos) at `slot`, then pays each of `pay`, in order, at the sandbox checkout (the
 * agent fee books the room, a caution deposit, the rent makes them the tenant). The booking and the
 * payments' references, in the order paid.
 */
export async function bookAndPay(
  request: APIRequestContext,
  baseURL: string,
  student: Session,
  room: { hostelId: string; roomId: string },
  pay: PaymentKind[],
  { slot = '10:00am - 10:30am', daysAhead = 1 }: { slot?: string; daysAhead?: number } = {},
): Promise<{ bookingId: string; references: string[] }> {
  const headers = { authorization: `Bearer ${student.token}` };
  const booked = await request.post('/api/bookings', {
    headers,
    data: {
      hostel_id: room.hostelId,
      room_id: room.roomId,
      inspection_date_time: `${addDays(todayInLagos(), daysAhead)}_${slot}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { _id: string })._id;
  const references: string[] = [];
  for (const kind of pay) {
    const started = await request.post(`/api${PAYMENT_INITIATE_PATHS[kind]}`, {
      headers,
      data: {
        booking_id: bookingId,
        callback_url: `${baseURL}${kind === 'rent' ? '/rent-receipt' : '/receipt-page'}`,
      },
    });
    expect(started.status(), `${kind}: ${await started.text()}`).toBe(201);
    const { reference } = (await started.json()) as { reference: string };
    await payInSandbox(request, reference);
    references.push(reference);
  }
  return { bookingId, references };
}

/**
 * A hostel of the journey's own with one room (`room 07`, caution fee `deposit`), rented by a new
 * student with the agent fee, the deposit and a year's rent paid.
 */
export async function tenantWithDeposit(
  request: APIRequestContext,
  admin: Session,
  baseURL: string,
  { label, hostel, deposit }: { label: string; hostel: string; deposit: number },
) {
  const hostelName = `${hostel} ${Date.now()}`;
  const { hostelId, roomId } = await hostelWithRoom(
    request,
    admin,
    { hostel_name: hostelName, address: '4 Exit Road, Zaria', hostel_details: 'Near the gate' },
    {
      room_number: 'room 07',
      price: 250_000,
      agent_fee: 25_000,
      caution_fee: deposit,
      commission_fee: 5_000,
    },
  );

  const person = await createStudent(request, label);
  const student = await login(request, person.email, person.password);
  await bookAndPay(request, baseURL, student, { hostelId, roomId }, ['agent_fee', 'caution_fee', 'rent'], {
    slot: '10:00am - 10:30am',
  });
  return { person, student, hostelId, hostelName };
}
