import type { APIRequestContext, Page } from '@playwright/test';
import type { PaymentKind } from '@studynest/contracts/constants';
import { E2E_ADMIN } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, type Session } from './people.ts';

// What the offline journeys share (pwa.spec.ts, offline-writes.spec.ts).

/** The page is in the service worker's hands (the first visit's worker claims it once installed). */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** A new student who booked and paid (by default the agent fee and rent) for a room of this journey's own hostel. */
export async function tenant(
  request: APIRequestContext,
  baseURL: string,
  label: string,
  pay: PaymentKind[] = ['agent_fee', 'rent'],
) {
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `${label} Lodge ${Date.now()}`;
  const room = await hostelWithRoom(
    request,
    admin,
    { hostel_name: name, address: '4 Signal Road, Akoka', hostel_details: 'Quiet' },
    { room_number: 'room 12', price: 300_000, agent_fee: 30_000, caution_fee: 0, commission_fee: 5_000 },
  );
  const person = await createStudent(request, label);
  const student = await login(request, person.email, person.password);
  await bookAndPay(request, baseURL, student, room, pay);
  return { name, room, person, student };
}

/** Signed in once, as the login screen leaves it (not before every page load: logout must stick). */
export async function signInOnce(page: Page, session: Session) {
  await page.evaluate((s) => {
    localStorage.setItem('userToken', s.token);
    localStorage.setItem('userId', s.userId);
    localStorage.setItem('userRole', s.role);
  }, session);
}
