import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { login, signIn } from './people.ts';

/**
 * The admin's forms land where the work goes on, and money is typed as people write it
 * (docs/domain.md, "Money, dates and times"), on a desk and on a phone: a hostel just created goes
 * to adding its rooms; a rent typed "100,000" is taken, "100.50" and "abc" are refused beside the
 * field; a room updated goes back to the rooms list, never to Tenants.
 */
for (const width of [1280, 375]) {
  test(`at ${width} px: a new hostel goes on to its rooms, "100,000" is taken as ₦100,000, an updated room goes back to the list`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
    await signIn(page, admin);
    const name = `Typed Court ${width} ${Date.now()}`;

    await page.goto('/create-hostel');
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Hostel' })).toBeVisible();
    await page.getByLabel('Hostel name').fill(name);
    await page.getByLabel('Address').fill('4 Ikorodu Road, Yaba, Lagos');
    await page.getByLabel('Hostel details').fill('Near the gate; borehole water.');
    await page.getByRole('button', { name: 'Add Hostel' }).click();

    // Next come its rooms: Add Room with the new hostel chosen.
    await expect(page).toHaveURL(/\/add-room\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').filter({ hasText: 'Hostel Created Successfully' })).toBeVisible();
    await expect(page.getByTestId('hostel-name')).toContainText(name);
    const hostelId = page.url().split('/').pop() ?? '';
    await expect(page.getByLabel('Hostel ID')).toHaveValue(hostelId);

    await page.getByLabel('Room number').selectOption('room 01');
    await page.getByLabel('Unit', { exact: true }).selectOption('one bedroom flat');
    await page.getByLabel('Status').selectOption('available');
    const price = page.getByLabel('Price (rent per year, ₦)');
    await page.getByLabel('Agent fee (₦)').fill('₦5,000');
    await page.getByLabel('Caution fee (₦)').fill(' 20000 ');
    await page.getByLabel('Commission fee (₦)').fill('1,000');
    const addRoom = page.getByRole('button', { name: 'Add Room' });
    // Kobo and words are refused beside the field, in words that say what to type.
    await price.fill('100.50');
    await addRoom.click();
    await expect(price).toHaveAccessibleDescription(/Rent per year must be whole naira, without kobo/);
    await price.fill('abc');
    await addRoom.click();
    await expect(price).toHaveAccessibleDescription(/Rent per year must be a number of naira, like 100,000/);
    await price.fill('-100');
    await addRoom.click();
    await expect(price).toHaveAccessibleDescription(/Rent per year cannot be negative/);
    await price.fill('100,000');
    await addRoom.click();
    await expect(page.getByRole('status').filter({ hasText: 'Room Successfully Added' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/add-room/${hostelId}$`));

    // The server holds the amounts as whole naira.
    const rooms = await request.get('/api/rooms', { headers: { authorization: `Bearer ${admin.token}` } });
    type Listed = { _id: string; hostel: { _id: string }; price: number; agent_fee: number };
    const room = ((await rooms.json()) as Listed[]).find((r) => r.hostel._id === hostelId);
    expect(room).toMatchObject({
      price: 100_000,
      agent_fee: 5_000,
      caution_fee: 20_000,
      commission_fee: 1_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Update Room: a new rent typed with a separator, then back to the rooms list.
    await page.goto(`/update-room/${room!._id}`);
    await expect(page.getByLabel('Price (rent per year, ₦)')).toHaveValue('100000');
    await page.getByLabel('Price (rent per year, ₦)').fill('₦120,000');
    await page.getByRole('button', { name: 'Update Room' }).click();
    await expect(page).toHaveURL(/\/all-rooms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Room Management' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Room Updated Successfully' })).toBeVisible();
    const after = await request.get(`/api/rooms/room/${room!._id}`);
    expect(((await after.json()) as { price: number }).price).toBe(120_000);
  });
}
