import type { APIResponse, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, logIn, login } from './people.ts';
import { SHOTS, STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * The admin activity log in words (docs/domain.md, "Activity log") on a phone: an admin's actions
 * each read as a sentence with names and amounts, and the log filters by kind, with the filter in
 * the address. `E2E_SCREENSHOTS=1` also saves the 375 px screenshot into docs/screenshots.
 */

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an admin sees each of their actions in words, and filters the log by kind', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const hostelName = `Activity Lodge ${Date.now()}`;

  // The admin's actions, through the same endpoints the screens use.
  const { hostelId, roomId } = await hostelWithRoom(
    request,
    admin,
    { hostel_name: hostelName, address: '4 Herbert Macaulay Way, Yaba', hostel_details: 'Water and light' },
    { room_number: 'room 01', price: 250_000, agent_fee: 20_000, caution_fee: 10_000, commission_fee: 5_000 },
  );
  const student = await createStudent(request, 'Activity');
  const studentSession = await login(request, student.email, student.password);
  const {
    references: [feeReference],
  } = await bookAndPay(request, baseURL!, studentSession, { hostelId, roomId }, ['agent_fee']);
  const refund = await request.post('/api/admin/refunds', {
    headers,
    data: { reference: feeReference, amount: 15_000, reason: 'Inspection cancelled' },
  });
  expect(refund.status(), await refund.text()).toBe(202);
  const checked = await request.post(`/api/admin/refunds/${(await refund.json())._id}/check`, { headers });
  expect(checked.status(), await checked.text()).toBe(200);
  const closed = await request.post(`/api/hostels/${hostelId}/close`, { headers });
  expect(closed.status()).toBe(200);

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Activity log', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-activity$/);

  const entries = page.getByRole('list', { name: 'Activity log' }).getByRole('listitem');
  const studentName = `${student.first_name} ${student.last_name}`;
  const lines = [
    `Created hostel ${hostelName}`,
    `Added Room 01, ${hostelName} at ₦250,000 a year`,
    `Refunded ₦15,000 to ${studentName} — Inspection cancelled`,
    `Closed hostel ${hostelName}`,
  ];
  // Only this journey's: other journeys' admins act on the same server at the same time.
  await page.getByLabel('Person').fill(student.last_name);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`person=${student.last_name}`));
  await expect(entries.filter({ hasText: lines[2]! })).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin-activity$/);
  for (const line of lines) await expect(entries.filter({ hasText: line })).toHaveCount(1);
  await expect(
    entries.filter({
      hasText: new RegExp(`^Checked the refund of ₦15,000 to ${studentName} with the provider: \\w+`),
    }),
  ).toHaveCount(1);
  await expect(entries.filter({ hasText: lines[2]! })).toContainText('Refunds');
  await expect(page.getByText(/Showing 1–\d+ of \d+/)).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);
  if (SHOTS) {
    await page.addStyleTag({ content: STATIC_HEADER });
    await page.screenshot({ path: shotPath('admin-activity-375.png'), fullPage: true });
  }

  // By kind: only the rooms added, and the choice is in the address (a reload keeps it).
  await page.getByLabel('Kind of action').selectOption({ label: 'Rooms added' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/kind=room\.created/);
  await expect(entries.filter({ hasText: lines[1]! })).toHaveCount(1);
  await expect(entries.filter({ hasText: hostelName })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Refunded' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Kind of action')).toHaveValue('room.created');
  await expect(entries.filter({ hasText: lines[1]! })).toHaveCount(1);

  // A period that ends before it starts: the server's word under the field.
  await page.getByLabel('From (Lagos date)').fill('2026-03-10');
  await page.getByLabel('To (Lagos date)').fill('2026-03-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('to must be on or after from').first()).toBeVisible();
});

test('hostel and room changes, a review moderated, messages previewed and sent, a user deleted: each reads in words under its kind', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const name = `Kinds Lodge ${Date.now()}`;
  const { hostelId, roomId } = await hostelWithRoom(
    request,
    admin,
    { hostel_name: name, address: '6 Ozolua Road, Benin City', hostel_details: 'Borehole water' },
    { room_number: 'room 02', price: 300_000, agent_fee: 20_000, caution_fee: 10_000, commission_fee: 5_000 },
  );
  const ok = async (res: Promise<APIResponse>) => {
    const answer = await res;
    expect(answer.status(), await answer.text()).toBeLessThan(300);
    return answer;
  };
  await ok(request.patch(`/api/rooms/${roomId}`, { headers, data: { price: 320_000 } }));
  await ok(request.patch(`/api/rooms/${roomId}/status`, { headers, data: { status: 'rented' } }));
  await ok(request.patch(`/api/rooms/${roomId}/status`, { headers, data: { status: 'available' } }));
  await ok(
    request.patch(`/api/hostels/${hostelId}`, {
      headers,
      data: { hostel_details: 'Borehole and a generator' },
    }),
  );
  await ok(request.delete(`/api/rooms/${roomId}`, { headers }));
  await ok(request.post(`/api/hostels/${hostelId}/close`, { headers }));
  await ok(request.post(`/api/hostels/${hostelId}/reopen`, { headers }));
  await ok(request.delete(`/api/hostels/${hostelId}`, { headers }));
  const reviewer = `Kinds Reviewer ${Date.now()}`;
  const review = await ok(
    request.post('/api/reviews', { data: { full_name: reviewer, feedback: 'Clean and quiet', rating: 5 } }),
  );
  await ok(
    request.patch(`/api/reviews/${(await review.json()).review._id}`, {
      headers,
      data: { status: 'approved' },
    }),
  );
  const subject = `Water on Saturday ${Date.now()}`;
  await ok(
    request.post('/api/admin/messages/preview', {
      headers,
      data: {
        channel: 'email',
        audience: { type: 'users', user_ids: [admin.userId] },
        subject,
        body: 'Hello',
      },
    }),
  );

  const sent = `Gas on Sunday ${Date.now()}`;
  await ok(
    request.post('/api/admin/messages', {
      headers,
      data: {
        channel: 'email',
        audience: { type: 'users', user_ids: [admin.userId] },
        subject: sent,
        body: 'Hi',
      },
    }),
  );
  const leaving = await createStudent(request, 'Leaving');
  const leavingId = (await login(request, leaving.email, leaving.password)).userId;
  await ok(request.delete(`/api/user/${leavingId}`, { headers }));

  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
  // A table on a wide screen (cards on a phone): the line, under the kind asked for.
  const expected: [kind: string, line: string][] = [
    ['room.updated', `Updated Room 02, ${name}, ₦320,000 a year`],
    ['room.status_changed', `Set Room 02, ${name} to rented`],
    ['hostel.updated', `Updated hostel ${name}`],
    ['room.deleted', `Deleted Room 02, ${name}`],
    ['hostel.closed', `Closed hostel ${name}`],
    ['hostel.reopened', `Reopened hostel ${name}`],
    ['hostel.deleted', `Deleted hostel ${name}`],
    ['review.moderated', `Set ${reviewer}'s review (5 stars) to approved`],
    ['message.previewed', `Previewed an e-mail to 1 person: “${subject}”`],
    ['message.sent', `Sent an e-mail to 1 person: “${sent}”`],
    ['user.deleted', `Deleted user ${leaving.first_name} ${leaving.last_name} (${leaving.email})`],
  ];
  for (const [kind, line] of expected) {
    await page.goto(`/admin-activity?kind=${kind}`);
    await expect(page.getByRole('table').getByText(line, { exact: true }), `${kind}: ${line}`).toBeVisible();
  }
});
