import { expect, test } from './fixtures.ts';

// What decides a booking, on the hostel page a search result opens (a 375 px phone): the walk to
// campus, who the hostel takes and its rule, amenities, the map, a link to share, and the rooms in
// the order the student's budget asks for.
test.use({ viewport: { width: 375, height: 812 } });

test('the hostel page shows the facts, the map, a WhatsApp link, structured data, and the rooms within the budget first', async ({
  page,
  request,
}) => {
  const found = await (await request.get('/api/hostels?q=akoka+royal')).json();
  const akoka = found.items.find((h: { hostel_name: string }) => h.hostel_name === 'Akoka Royal Lodge');
  expect(akoka, 'the demo hostel').toBeTruthy();

  await page.goto(`/hostel/${akoka.id}?max_price=1000000`);
  const facts = page.getByRole('region', { name: 'At a glance' });
  await expect(facts).toContainText('6 min walk to UNILAG (University of Lagos)');
  await expect(facts).toContainText('Female only.');
  await expect(facts).toContainText('meet male visitors at the gate');
  await expect(facts).toContainText('Quiet hours 10:00 pm to 6:00 am');
  await expect(facts.getByRole('list', { name: 'Amenities' })).toContainText('Wi-Fi');
  await expect(facts.getByRole('link', { name: 'See on the map' })).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/?mlat=${akoka.latitude}&mlon=${akoka.longitude}#map=17/${akoka.latitude}/${akoka.longitude}`,
  );
  await expect(facts.getByRole('link', { name: 'Directions' })).toHaveAttribute(
    'href',
    new RegExp(`/directions\\?engine=fossgis_osrm_foot&route=%3B${akoka.latitude}%2C${akoka.longitude}$`),
  );

  // The share link carries the page's whole address once the app runs (the tap's own navigation to
  // WhatsApp is stopped here, after the app has seen it).
  await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
  const share = facts.getByRole('link', { name: 'Share on WhatsApp' });
  const expected = `Akoka Royal Lodge on StudyNest: ${new URL(page.url()).origin}/hostel/${akoka.id}`;
  // A tap before the app has taken over the server's HTML keeps the path-only text: tap until it has.
  await expect
    .poll(async () => {
      await share.click();
      const shared = new URL((await share.getAttribute('href')) ?? '');
      return `${shared.origin}${shared.pathname} ${shared.searchParams.get('text')}`;
    })
    .toBe(`https://wa.me/ ${expected}`);

  // Free rooms within ₦1,000,000 first, cheapest first; then free ones above it; taken ones last.
  await expect(page.getByText('Rooms free within your budget of ₦1,000,000 a year first.')).toBeVisible();
  const cards = page.getByTestId('room-card');
  const rents = await cards.evaluateAll((els) =>
    els.map((el) => ({
      rent: Number((el.querySelector('dd.text-base')?.textContent ?? '').replace(/[^\d]/g, '')),
      free: !el.querySelector('button[disabled]'),
    })),
  );
  const rank = (r: { rent: number; free: boolean }) => (r.free ? 0 : 2) + (r.rent <= 1_000_000 ? 0 : 1);
  expect(rents.length).toBeGreaterThan(1);
  expect(rank(rents[0]!)).toBe(0);
  for (let i = 1; i < rents.length; i++) {
    const [a, b] = [rents[i - 1]!, rents[i]!];
    expect(rank(a) < rank(b) || (rank(a) === rank(b) && a.rent <= b.rent)).toBe(true);
  }

  // The server's HTML carries schema.org data for search engines.
  const html = await (await request.get(`/hostel/${akoka.id}`, { headers: { accept: 'text/html' } })).text();
  const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(ld, 'structured data in the server HTML').toBeTruthy();
  expect(JSON.parse(ld!)).toMatchObject({
    '@type': 'LodgingBusiness',
    name: 'Akoka Royal Lodge',
    address: {
      '@type': 'PostalAddress',
      addressLocality: 'Akoka, Lagos',
      addressRegion: 'Lagos',
      addressCountry: 'NG',
    },
    geo: { '@type': 'GeoCoordinates', latitude: akoka.latitude, longitude: akoka.longitude },
  });
  await page.screenshot({ path: 'docs/screenshots/hostel-facts-375.png', fullPage: true });
});
