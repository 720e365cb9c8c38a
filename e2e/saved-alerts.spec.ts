import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { createStudent, login, type Session, signIn } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * On a phone, a student saves a search; an admin puts a matching room back on the market; the
 * scheduled job (every minute here: SAVED_ALERTS_CRON in global-setup.ts, every 15 minutes by
 * default) sends her one e-mail. A second matching room freed the same day brings no second one.
 * Her saved list shows the search, with the alert, and removes it. `E2E_SCREENSHOTS=1` saves the
 * list at 375 px (docs/screenshots/saved-375.png).
 */

type Mail = { subject: string; text: string };
const alerts = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as Mail[]).filter((m) =>
    /to book/.test(m.subject),
  );

/** A hostel in a town of this run's own, with two rooms let outside StudyNest (booked by hand). */
async function townWithTwoTakenRooms(request: APIRequestContext, admin: Session, town: string) {
  const headers = { authorization: `Bearer ${admin.token}` };
  const hostel = await request.post('/api/hostels', {
    headers,
    data: {
      hostel_name: `Alert Lodge ${town}`,
      address: '3 Watch Road',
      hostel_details: 'Quiet',
      city: town,
    },
  });
  expect(hostel.status(), await hostel.text()).toBe(201);
  const hostelId = ((await hostel.json()) as { _id: string })._id;
  const roomIds: string[] = [];
  for (const room_number of ['room 01', 'room 02']) {
    const room = await request.post('/api/rooms', {
      headers,
      data: {
        room_number,
        unit: 'single room (share facilities)',
        price: 240_000,
        agent_fee: 24_000,
        caution_fee: 10_000,
        commission_fee: 5_000,
        hostel: hostelId,
        status: 'booked',
      },
    });
    expect(room.status(), await room.text()).toBe(201);
    roomIds.push(((await room.json()) as { _id: string })._id);
  }
  const free = async (roomId: string) => {
    const res = await request.patch(`/api/rooms/${roomId}/status`, {
      headers,
      data: { status: 'available' },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { hostelId, roomIds, free };
}

test('a saved search brings one alert when a matching room frees up, and not a second that day', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const town = `Alertville${Date.now()}`;
  const { roomIds, free } = await townWithTwoTakenRooms(request, admin, town);
  const person = await createStudent(request, 'Watcher');
  const student = await login(request, person.email, person.password);

  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, student);
  await page.goto(`/hostels?city=${town}&max_price=250000`);
  await expect(page.getByText('No hostel matches this search')).toBeVisible();
  await page.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // An admin puts a matching room back on the market; the next run tells her, once.
  await free(roomIds[0]!);
  await expect
    .poll(async () => (await alerts(request, person.email)).length, { timeout: 120_000, intervals: [2_000] })
    .toBe(1);
  const [mail] = await alerts(request, person.email);
  expect(mail?.subject).toBe(`StudyNest: a room to book — ${town} · up to ₦250,000`);
  expect(mail?.text).toContain(`room 01, Alert Lodge ${town}: ₦240,000 a year`);

  // Another matching room the same day: the runs that follow send nothing more.
  await free(roomIds[1]!);
  await page.waitForTimeout(75_000);
  expect(await alerts(request, person.email)).toHaveLength(1);

  // Her list, from her profile.
  await page.goto(`/profile/${student.userId}`);
  await page.getByRole('link', { name: 'Saved hostels and searches' }).click();
  await expect(page.getByRole('heading', { name: 'Saved hostels and searches' })).toBeVisible();
  const item = page.getByRole('list', { name: 'Saved hostels and searches' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: `${town} · up to ₦250,000` })).toBeVisible();
  await expect(item.getByText(/^Last alert /)).toBeVisible();
  const noScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noScroll).toBe(true);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await page.screenshot({ path: shotPath('saved-375.png'), fullPage: true });
  }

  await item.getByRole('button', { name: `Remove ${town} · up to ₦250,000` }).click();
  await expect(page.getByText('Nothing saved yet.')).toBeVisible();
});
