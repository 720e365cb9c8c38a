import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent } from './people.ts';

/**
 * The first tap on a rendered page (`/`, `/hostel/{id}`) must do what the same tap does once the app
 * has started, whenever it lands: on the plain HTML before any JavaScript, while the app's code
 * downloads, while React hydrates, or just after. The CPU runs 6× slower and the network is a slow
 * mobile one (a low-end phone, as Lighthouse's mobile run assumes), which stretches every one of those
 * phases, and the taps are spread across them.
 */
const DELAYS_MS = [0, 50, 100, 200, 400, 700, 1000, 1500, 2000];
const CPU_SLOWDOWN = 6;
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 };

type Session = { token: string; userId: string; role: string };

/** A confirmed student signed in through the API, stored where the web app keeps its session. */
async function signedInContext(request: APIRequestContext, context: BrowserContext): Promise<Session> {
  const student = await createStudent(request, 'FirstTap');
  const res = await request.post('/api/auth/login', {
    data: { email: student.email, password: student.password },
  });
  expect(res.status()).toBe(200);
  const body = await res.json();
  const session: Session = { token: body.token, userId: body.user._id, role: body.user.role };
  await context.addInitScript((s) => {
    localStorage.setItem('userToken', s.token);
    localStorage.setItem('userId', s.userId);
    localStorage.setItem('userRole', s.role);
  }, session);
  return session;
}

/** A fresh page with a slow CPU that records every address it shows, client-side moves included. */
async function slowPage(context: BrowserContext): Promise<{ page: Page; visited: string[] }> {
  const page = await context.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  return { page, visited };
}

type Outcome = { delay: number; ok: boolean; detail: string };

/**
 * For each delay: open `path`, wait that long after `target` is in the page, tap it, and check
 * `landed`. Every delay is tried before failing, so a failure shows the whole window.
 */
async function tapAtEveryMoment(
  context: BrowserContext,
  path: string,
  target: (page: Page) => Locator,
  landed: (page: Page, visited: string[]) => Promise<void>,
) {
  const outcomes: Outcome[] = [];
  for (const delay of DELAYS_MS) {
    const { page, visited } = await slowPage(context);
    try {
      await page.goto(path, { waitUntil: 'commit' });
      // Counted from the moment the control is on the page: before that there is nothing to tap.
      await target(page).waitFor({ state: 'attached' });
      await page.waitForTimeout(delay);
      await target(page).click();
      await landed(page, visited);
      outcomes.push({ delay, ok: true, detail: visited.join(' → ') });
    } catch (err) {
      const first = String((err as Error).message).split('\n')[0];
      outcomes.push({ delay, ok: false, detail: `${visited.join(' → ')} | ${first}` });
    } finally {
      await page.close();
    }
  }
  const report = outcomes.map((o) => `${o.ok ? 'ok  ' : 'FAIL'} ${o.delay} ms: ${o.detail}`).join('\n');
  console.log(`${path}\n${report}`);
  expect(
    outcomes.filter((o) => !o.ok),
    report,
  ).toEqual([]);
}

async function availableRoom(request: APIRequestContext) {
  const hostels: { _id: string; hostel_name: string }[] = await (await request.get('/api/hostels')).json();
  const akoka = hostels.find((h) => h.hostel_name === 'Akoka Royal Lodge');
  if (!akoka) throw new Error('the demo hostel Akoka Royal Lodge is missing');
  const rooms: { _id: string; room_number: string; status: string; hostel: { _id: string } }[] = await (
    await request.get('/api/rooms')
  ).json();
  const room = rooms.find((r) => r.hostel._id === akoka._id && r.status === 'available');
  if (!room) throw new Error('no available room in Akoka Royal Lodge');
  return { hostelId: akoka._id, room };
}

test('a signed-in student who taps Book Inspection at any moment gets the booking screen, never the login', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL });
  await signedInContext(request, context);
  const { hostelId, room } = await availableRoom(request);
  const bookingPath = `/book-inspection/${room._id}`;

  await tapAtEveryMoment(
    context,
    `/hostel/${hostelId}`,
    (page) =>
      page
        .getByTestId('room-card')
        .filter({ has: page.getByRole('heading', { name: room.room_number, exact: true }) })
        .getByText('Book Inspection', { exact: true }),
    async (page, visited) => {
      await expect(page).toHaveURL(new RegExp(`${bookingPath}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'Book Inspection' })).toBeVisible();
      expect(visited, 'the login screen was shown on the way').not.toContain('/login');
    },
  );
  await context.close();
});

test('a signed-in student who taps the landing page buttons or the menu at any moment gets what they asked for', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(400_000);
  const context = await browser.newContext({ baseURL });
  const session = await signedInContext(request, context);

  // Browse hostels: down to the list of hostels.
  await tapAtEveryMoment(
    context,
    '/',
    (page) => page.getByRole('link', { name: 'Browse hostels' }).first(),
    async (page) => {
      await expect(page).toHaveURL(/\/#hostels$/);
      // Which hostels are shown depends on what earlier journeys booked: any card will do.
      await expect(
        page
          .locator('#hostels')
          .getByRole('list', { name: 'Hostels with a room free' })
          .getByRole('link')
          .first(),
      ).toBeVisible();
    },
  );

  // Read More: the extended paragraph.
  await tapAtEveryMoment(
    context,
    '/',
    (page) => page.getByRole('button', { name: 'Read More' }),
    async (page) => {
      await expect(page.getByText(/the price you see is the price you pay/)).toBeVisible();
    },
  );

  // The header's menu opens and lists the hostels.
  await tapAtEveryMoment(
    context,
    '/',
    (page) => page.getByRole('button', { name: 'Open menu' }),
    async (page) => {
      await expect(
        page
          .getByRole('list', { name: 'Hostels', exact: true })
          .getByRole('link', { name: /Akoka Royal Lodge/ }),
      ).toBeVisible();
    },
  );

  // The header's person icon: the student's own profile.
  await tapAtEveryMoment(
    context,
    '/',
    (page) => page.getByRole('banner').getByRole('link', { name: /Your profile|Log in/ }),
    async (page) => {
      await expect(page).toHaveURL(new RegExp(`/profile/${session.userId}$`));
    },
  );
  await context.close();
});

test('signed in, /login and /sign-up lead on: a student to their profile, an admin to the dashboard', async ({
  browser,
  request,
  baseURL,
}) => {
  const student = await browser.newContext({ baseURL });
  const session = await signedInContext(request, student);
  const page = await student.newPage();
  for (const path of ['/login', '/sign-up']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/profile/${session.userId}$`));
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  }
  // The same from a link inside the app (a client-side move, not a page load).
  await page.goto('/about');
  await page.evaluate(() => {
    history.pushState(null, '', '/login');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(new RegExp(`/profile/${session.userId}$`));
  await student.close();

  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  const admin = await browser.newContext({ baseURL });
  await admin.addInitScript(
    ([t, id]) => {
      localStorage.setItem('userToken', t as string);
      localStorage.setItem('userId', id as string);
      localStorage.setItem('userRole', 'admin');
    },
    [token, user._id],
  );
  const adminPage = await admin.newPage();
  for (const path of ['/login', '/sign-up']) {
    await adminPage.goto(path);
    await expect(adminPage).toHaveURL(/\/admin-dashboard$/);
  }
  await admin.close();

  // Signed out, both screens are there as before.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/login');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await visitor.goto('/sign-up');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await visitor.close();
});

test("presses made before the app's code has arrived are done once it has (they were held)", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL });
  await signedInContext(request, context);
  const { hostelId, room } = await availableRoom(request);
  // The app's entry script comes 2.5 s late (a slow network): every press below is made before it runs.
  const lateApp = async (page: Page) => {
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
  };

  let { page } = await slowPage(context);
  await lateApp(page);
  await page.getByRole('button', { name: 'Read More' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByText(/the price you see is the price you pay/)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Hostels', exact: true }).getByRole('link', { name: /Akoka Royal Lodge/ }),
  ).toBeVisible();
  await page.close();

  // Enter in the subscribe field: the form is sent by the app, not by the browser (no reload with ?query).
  ({ page } = await slowPage(context));
  await lateApp(page);
  const email = page.getByLabel('Email address');
  await email.fill(`early.${Date.now()}@example.com`);
  await email.press('Enter');
  await expect(
    page.getByText("Thank you for subscribing! We'll e-mail you news about rooms and offers."),
  ).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await page.close();

  // Book Inspection before the app runs: an ordinary link, so the booking screen loads, signed in.
  const visited: string[] = [];
  ({ page } = await slowPage(context));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    if (visited.length <= 1) await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto(`/hostel/${hostelId}`, { waitUntil: 'commit' });
  await page
    .getByTestId('room-card')
    .filter({ has: page.getByRole('heading', { name: room.room_number, exact: true }) })
    .getByText('Book Inspection', { exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/book-inspection/${room._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Book Inspection' })).toBeVisible();
  expect(visited).not.toContain('/login');
  await context.close();
});
