import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './fixtures.ts';

/** A small real JPEG of one colour, as an upload payload. */
async function jpeg(name: string, r: number, g: number, b: number) {
  const buffer = await sharp({ create: { width: 640, height: 427, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function loginAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/, { timeout: 10_000 });
}

type RoomEntry = { number: string; unit: string; status: string; price: string; agent: string };

async function addRoom(page: Page, room: RoomEntry) {
  await page.getByLabel('Room number').selectOption(room.number);
  await page.getByLabel('Unit', { exact: true }).selectOption(room.unit);
  await page.getByLabel('Status').selectOption(room.status);
  await page.getByLabel('Price (rent per year, ₦)').fill(room.price);
  await page.getByLabel('Agent fee (₦)').fill(room.agent);
  await page.getByLabel('Caution fee (₦)').fill('50000');
  await page.getByLabel('Commission fee (₦)').fill('10000');
  await page.getByRole('button', { name: 'Add Room' }).click();
}

test('admin builds a hostel with rooms; a visitor browses it; the admin cleans up', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `E2E Court ${Date.now()}`;
  await loginAsAdmin(page);

  // ── Create Hostel: client checks, then two photos ──────────────────────────────────────────
  await page.goto('/create-hostel');
  await expect(page.getByRole('heading', { level: 1, name: 'Add New Hostel' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Hostel' }).click();
  await expect(page.getByText('Hostel name is required')).toBeVisible();
  await expect(page.getByText('Address is required')).toBeVisible();

  const photosInput = page.getByLabel('Photos', { exact: true });
  await photosInput.setInputFiles([
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(
    page.getByText(/Only JPEG, PNG or HEIC .* photos can be sent\. Not a photo: notes\.pdf/),
  ).toBeVisible();
  await expect(page.getByText('No photos chosen')).toBeVisible();

  await page.getByLabel('Hostel name').fill(name);
  await page.getByLabel('Address').fill('12 Herbert Macaulay Way, Yaba, Lagos');
  const details = page.getByLabel('Hostel details');
  await expect(details).toBeEnabled();
  await details.fill('Ten minutes from UNILAG. Borehole water, prepaid meter, CCTV.');
  await photosInput.setInputFiles([
    await jpeg('front.jpg', 200, 60, 40),
    await jpeg('room.jpeg', 40, 90, 200),
  ]);
  await expect(page.getByText('2 photos chosen')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('img')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add Hostel' }).click();
  // Next come its rooms: Add Room with the new hostel chosen, at once, the notice read out there.
  await expect(page).toHaveURL(/\/add-room\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Hostel Created Successfully' })).toBeVisible();
  await expect(page.getByTestId('hostel-name')).toContainText(name);
  const createdId = page.url().split('/').pop();

  // ── All Hostels: the search finds it; Add Rooms leads to its form ──────────────────────────
  await page.goto('/all-hostels');
  await expect(page.getByTestId('total-hostels')).toHaveText(/^\d+$/);
  const total = Number(await page.getByTestId('total-hostels').textContent());
  expect(total).toBeGreaterThan(1);
  await page.getByLabel('Search by hostel name or address').fill(name.toUpperCase());
  await expect(page.getByText(`Showing 1 of ${total}`)).toBeVisible();
  await page.getByRole('link', { name: `Add rooms to ${name}` }).click();
  await expect(page).toHaveURL(/\/add-room\/[0-9a-f-]{36}$/);
  const hostelId = page.url().split('/').pop() ?? '';
  expect(hostelId).toBe(createdId);
  // The notice came with the screen it was shown on, not with this history entry.
  await expect(page.getByText('Hostel Created Successfully')).toHaveCount(0);

  // ── Add Room: three rooms; validation and a duplicate number are explained ─────────────────
  await expect(
    page.getByRole('heading', { level: 1, name: 'Building Management System / Add Room To Hostel' }),
  ).toBeVisible();
  await expect(page.getByTestId('hostel-name')).toContainText(name);
  await expect(page.getByLabel('Hostel ID')).toHaveValue(hostelId);
  await expect(page.getByLabel('Hostel ID')).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByText('Room number is required')).toBeVisible();
  await expect(page.getByText('Rent per year is required')).toBeVisible();

  const rooms: RoomEntry[] = [
    { number: 'room 01', unit: 'one bedroom flat', status: 'available', price: '650000', agent: '20000' },
    {
      number: 'room 02',
      unit: 'single room (share facilities)',
      status: 'available',
      price: '300000',
      agent: '15000',
    },
    { number: 'room 03', unit: 'two bedroom flat', status: 'available', price: '900000', agent: '30000' },
  ];
  for (const room of rooms) {
    await addRoom(page, room);
    await expect(page.getByText('Room Successfully Added')).toBeVisible();
    // The form stays, cleared for the next room.
    await expect(page.getByLabel('Room number')).toHaveValue('');
    await expect(page).toHaveURL(new RegExp(`/add-room/${hostelId}$`));
  }
  await addRoom(page, rooms[0]!);
  await expect(page.getByText('room 01 already exists in this hostel').first()).toBeVisible();

  // ── Update Room: prefilled; one gets a new rent, another is set to booked ──────────────────
  await page.goto('/all-rooms');
  await expect(page.getByRole('heading', { level: 1, name: 'Room Management' })).toBeVisible();
  await page.getByLabel('Search by hostel name').fill(name.toLowerCase());
  await expect(page.getByTestId('total-rooms')).toHaveText('3');
  await page.getByRole('link', { name: `Update room 01 in ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Updating one bedroom flat' })).toBeVisible();
  await expect(page.getByTestId('hostel-name')).toContainText(name);
  await expect(page.getByLabel('Room number')).toHaveValue('room 01');
  await expect(page.getByLabel('Unit', { exact: true })).toHaveValue('one bedroom flat');
  await expect(page.getByLabel('Status')).toHaveValue('available');
  await expect(page.getByLabel('Price (rent per year, ₦)')).toHaveValue('650000');
  await expect(page.getByLabel('Agent fee (₦)')).toHaveValue('20000');
  await page.getByLabel('Price (rent per year, ₦)').fill('700000');
  await page.getByRole('button', { name: 'Update Room' }).click();
  // Back on the rooms list at once, the notice shown there.
  await expect(page).toHaveURL(/\/all-rooms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Room Management' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Room Updated Successfully' })).toBeVisible();

  await page.goto('/all-rooms');
  await page.getByLabel('Search by hostel name').fill(name);
  await page.getByRole('link', { name: `Update room 02 in ${name}` }).click();
  await expect(page.getByLabel('Room number')).toHaveValue('room 02');
  await page.getByLabel('Status').selectOption('booked');
  await page.getByRole('button', { name: 'Update Room' }).click();
  await expect(page.getByText('Room Updated Successfully')).toBeVisible();

  // ── A visitor (no session) browses the hostel ──────────────────────────────────────────────
  const visitorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open menu' }).click();
  await expect(visitor.getByRole('button', { name: 'Close menu' })).toHaveClass(/bg-danger-600/);
  // Visitors are not offered the admin dashboard.
  await expect(visitor.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await visitor
    .getByRole('list', { name: 'Hostels', exact: true })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();

  const photo = visitor.getByRole('region', { name: `Photos of ${name}` }).getByRole('img');
  await expect(photo).toHaveAttribute('alt', `${name}, view 1 of 2`);
  await visitor.getByRole('button', { name: 'Previous photo' }).click();
  await expect(photo).toHaveAttribute('alt', `${name}, view 2 of 2`);
  await expect(photo).toHaveAttribute('loading', 'lazy');
  await visitor.getByRole('button', { name: 'Next photo' }).click();
  await expect(photo).toHaveAttribute('alt', `${name}, view 1 of 2`);
  await visitor.getByRole('button', { name: 'Next photo' }).click();
  await visitor.getByRole('button', { name: 'Next photo' }).click();
  await expect(photo).toHaveAttribute('alt', `${name}, view 1 of 2`);
  // Phones get the WebP renditions.
  await expect(visitor.locator('picture source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp/);

  const cards = visitor.getByTestId('room-card');
  await expect(cards).toHaveCount(3);
  const booked = cards.filter({ hasText: 'room 02' });
  await expect(booked).toContainText('Booked');
  await expect(booked.getByRole('button', { name: /Book Inspection/ })).toBeDisabled();
  const available = cards.filter({ hasText: 'room 01' });
  await expect(available).toContainText('Available');
  await expect(available).toContainText('one bedroom flat');
  await expect(available).toContainText('₦700,000');
  await expect(available).toContainText('₦20,000');
  await expect(available).toContainText('₦50,000');
  await available.getByRole('link', { name: 'Book Inspection' }).click();
  await expect(visitor).toHaveURL(/\/login\?next=%2Fbook-inspection%2F[0-9a-f-]{36}$/);
  await visitorContext.close();

  // ── Room Management: counters, delete refused while booked, delete an available room ──────
  await page.goto('/all-rooms');
  await page.getByLabel('Search by hostel name').fill(name);
  await expect(page.getByTestId('total-rooms')).toHaveText('3');
  await expect(page.getByTestId('total-booked')).toHaveText('1');
  await expect(page.getByTestId('total-occupied')).toHaveText('0');
  await expect(page.getByTestId('total-remaining')).toHaveText('2');

  await page.getByRole('button', { name: `Delete room 02 in ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this room?' });
  await dialog.getByRole('button', { name: 'Delete Room' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This room is booked or rented by a student');
  await dialog.getByRole('button', { name: 'Keep room' }).click();

  await page.getByRole('button', { name: `Delete room 03 in ${name}` }).click();
  await dialog.getByRole('button', { name: 'Delete Room' }).click();
  await expect(page.getByText('Room Successfully Deleted!')).toBeVisible();
  await expect(page.getByTestId('total-rooms')).toHaveText('2');
  await expect(page.getByTestId('total-booked')).toHaveText('1');
  await expect(page.getByTestId('total-remaining')).toHaveText('1');

  // ── All Hostels: close/reopen, update with a photo removed, delete ─────────────────────────
  await page.goto('/all-hostels');
  await page.getByLabel('Search by hostel name or address').fill(name);
  await page.getByRole('button', { name: `Close ${name}` }).click();
  await expect(page.getByText('Closed', { exact: true }).filter({ visible: true })).toBeVisible();
  const publicList = await page.request.get('/api/hostels');
  expect(((await publicList.json()) as { _id: string }[]).some((h) => h._id === hostelId)).toBe(false);
  await page.getByRole('button', { name: `Reopen ${name}` }).click();
  await expect(page.getByRole('button', { name: `Close ${name}` })).toBeVisible();
  await expect(page.getByText('Closed', { exact: true }).filter({ visible: true })).toHaveCount(0);

  await page.getByRole('link', { name: `Update ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update Hostel' })).toBeVisible();
  await expect(page.getByLabel('Hostel name')).toHaveValue(name);
  await expect(page.getByLabel('Hostel details')).toHaveValue(/Ten minutes from UNILAG/);
  await page.getByLabel('Remove photo 1').check();
  await page.getByLabel('Add photos').setInputFiles([await jpeg('gate.jpg', 30, 160, 90)]);
  await page.getByLabel('Address').fill('14 Herbert Macaulay Way, Yaba, Lagos');
  await page.getByRole('button', { name: 'Update Hostel' }).click();
  await expect(page.getByText('Hostel Updated Successfully')).toBeVisible();
  const updated = await (await page.request.get(`/api/hostels/${hostelId}`)).json();
  expect(updated.address).toBe('14 Herbert Macaulay Way, Yaba, Lagos');
  expect(updated.photos).toHaveLength(2);
  await expect(page).toHaveURL(/\/all-hostels$/);
  await expect(page.getByRole('status').filter({ hasText: 'Hostel Updated Successfully' })).toBeVisible();

  // Deleting is refused while a room is booked; the server's reason is shown.
  await page.goto('/all-hostels');
  await page.getByLabel('Search by hostel name or address').fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const hostelDialog = page.getByRole('dialog', { name: 'Delete this hostel?' });
  await hostelDialog.getByRole('button', { name: 'Delete Hostel' }).click();
  await expect(hostelDialog.getByRole('alert')).toBeVisible();
  await hostelDialog.getByRole('button', { name: 'Keep hostel' }).click();

  // Free the booked room, then the hostel can go.
  await page.goto('/all-rooms');
  await page.getByLabel('Search by hostel name').fill(name);
  await page.getByRole('link', { name: `Update room 02 in ${name}` }).click();
  await expect(page.getByLabel('Status')).toHaveValue('booked');
  await page.getByLabel('Status').selectOption('available');
  await page.getByRole('button', { name: 'Update Room' }).click();
  await expect(page.getByText('Room Updated Successfully')).toBeVisible();

  await page.goto('/all-hostels');
  await page.getByLabel('Search by hostel name or address').fill(name);
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await hostelDialog.getByRole('button', { name: 'Delete Hostel' }).click();
  await expect(page.getByText('Hostel Deleted Successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  await expect(page.getByTestId('total-hostels')).toHaveText(String(total - 1));
  expect((await page.request.get(`/api/hostels/${hostelId}`)).status()).toBe(404);
});
