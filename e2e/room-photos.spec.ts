import sharp from 'sharp';
import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { hostelWithRoom, login, signIn } from './people.ts';
import { expectLoaded, photoRequests } from './photo-requests.ts';

/**
 * A room's own photos (docs/decisions/0026-image-pipeline.md): an admin adds one on the Update Room
 * page, a visitor's phone sees it on the hostel page's room card as the 480 px WebP, and the admin
 * removes it again. Checked on the requests the browser makes, not the markup.
 */
test('admin adds a room photo, a visitor at 390 px sees it on the room card as the 480 px WebP, admin removes it', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const { hostelId, roomId } = await hostelWithRoom(
    request,
    admin,
    { hostel_name: `Room Photo Court ${Date.now()}`, address: '4 Lens Street, Nsukka', hostel_details: '' },
    {
      room_number: 'room 01',
      price: 300_000,
      agent_fee: 30_000,
      caution_fee: 50_000,
      commission_fee: 10_000,
    },
  );

  // ── The admin adds a photo on Update Room ─────────────────────────────────────────────────
  await signIn(page, admin);
  await page.goto(`/update-room/${roomId}`);
  const photos = page.getByRole('region', { name: 'Photos' });
  await expect(photos.getByText('No photos of this room yet')).toBeVisible();
  const input = photos.getByLabel('Add photos');
  await input.setInputFiles([
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') },
  ]);
  await expect(photos.getByText(/Not a photo: notes\.pdf/)).toBeVisible();

  const buffer = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2a8c5a' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await input.setInputFiles([{ name: 'room-01.jpg', mimeType: 'image/jpeg', buffer }]);
  const thumbnail = photos.getByRole('img', { name: 'Room 01, photo 1 of 1' });
  await expectLoaded(thumbnail);
  await expect(photos.getByText(/Not a photo/)).toHaveCount(0);
  await expect(photos.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();

  // ── A visitor's phone opens the hostel page ───────────────────────────────────────────────
  const visitor = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  const fetched = photoRequests(phone);
  await phone.goto(`/hostel/${hostelId}`);
  const card = phone.getByTestId('room-card');
  const cardPhoto = card.getByRole('img', { name: 'Room 01, photo 1 of 1' });
  await cardPhoto.scrollIntoViewIfNeeded();
  await expectLoaded(cardPhoto);
  await expect
    .poll(() => cardPhoto.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/-480\.webp$/);
  const roomFiles = fetched.filter((url) => url.startsWith('/uploads/rooms/'));
  expect(roomFiles.length).toBeGreaterThan(0);
  for (const url of roomFiles) expect(url, url).toMatch(/-480\.webp$/);
  await phone.screenshot({ path: test.info().outputPath('room-card-390.png'), fullPage: true });

  // ── The admin removes it; the visitor's next look has no photo ────────────────────────────
  await photos.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(photos.getByText('No photos of this room yet')).toBeVisible();
  await phone.reload();
  await expect(phone.getByTestId('room-card')).toBeVisible();
  await expect(phone.getByTestId('room-card').getByRole('img')).toHaveCount(0);
  await visitor.close();
});

test("a demo room's two photos: the card shows the first and pages to the second", async ({
  page,
  request,
}) => {
  const hostels = (await (await request.get('/api/hostels')).json()) as {
    _id: string;
    hostel_name: string;
  }[];
  const unity = hostels.find((h) => h.hostel_name === 'Unity Court Hostel');
  expect(unity).toBeDefined();
  await page.goto(`/hostel/${unity!._id}`);
  const card = page.getByTestId('room-card').filter({ hasText: 'Room 01' });
  await expect(card.getByRole('img', { name: 'Room 01, photo 1 of 2' })).toBeVisible();
  await card.getByRole('button', { name: 'Next photo of Room 01' }).click();
  const second = card.getByRole('img', { name: 'Room 01, photo 2 of 2' });
  await expectLoaded(second);
  await card.screenshot({ path: test.info().outputPath('demo-room-card-390.png') });
});
