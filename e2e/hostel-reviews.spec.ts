import { E2E_ADMIN, expect, test } from './fixtures.ts';
import { bookAndPay, createStudent, hostelWithRoom, login, signIn } from './people.ts';
import { STATIC_HEADER, shotPath } from './screenshots.ts';

/**
 * A tenant reviews the hostel she rents in from her profile; the average shows on the hostel page
 * (and in its schema.org data) and on its search card; an admin hides the review with a reason, the
 * tenant is e-mailed it, and the average goes away. At 375 px, on a hostel of the journey's own.
 */
test.use({ viewport: { width: 375, height: 812 } });

test('a tenant reviews her hostel, the average appears; an admin hides it and it goes', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const admin = await login(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const name = `Review Court ${Date.now()}`;
  const room = await hostelWithRoom(
    request,
    admin,
    { hostel_name: name, address: '4 Ozolua Road, Benin City', hostel_details: 'Near the main gate.' },
    {
      room_number: 'room 01',
      price: 400_000,
      agent_fee: 40_000,
      caution_fee: 20_000,
      commission_fee: 10_000,
    },
  );
  const person = await createStudent(request, 'Reviewer');
  const tenant = await login(request, person.email, person.password);
  await bookAndPay(request, baseURL!, tenant, room, ['agent_fee', 'rent']);

  // From her profile's Rent section to the review page.
  await signIn(page, tenant);
  await page.goto(`/profile/${tenant.userId}`);
  await page.getByRole('link', { name: 'Review your hostel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your hostel' })).toBeVisible();
  const form = page.getByRole('form', { name });
  // Too short first: the form says what it needs, and nothing is sent.
  await form.getByLabel('Your review').fill('Nice.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(form.getByLabel('Your review')).toHaveAccessibleDescription(/Write between 10 and 2000/);
  // The radio itself is visually hidden inside its pill: a finger taps the pill.
  await form.locator('label', { hasText: '4 – Good' }).click();
  await expect(form.getByRole('radio', { name: '4 – Good' })).toBeChecked();
  const text = 'Water every morning, quiet during exams, and the caretaker fixes things the same day.';
  await form.getByLabel('Your review').fill(text);
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Thank you: your review is saved.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeVisible();

  // The hostel page: the average, her review (first name and initial), and the schema.org rating.
  await page.goto(`/hostel/${room.hostelId}`);
  const reviews = page.getByRole('region', { name: 'Reviews from tenants' });
  await expect(reviews.getByText('Rated 4.0 out of 5 from 1 review')).toBeAttached();
  await expect(reviews.getByRole('listitem').filter({ hasText: text })).toContainText('Ada R.');
  const html = await (
    await request.get(`/hostel/${room.hostelId}`, { headers: { accept: 'text/html' } })
  ).text();
  expect(html).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":4,"reviewCount":1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.addStyleTag({ content: STATIC_HEADER });
  await reviews.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath('hostel-reviews-375.png') });

  // Its search card.
  await page.goto(`/hostels?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card).toContainText('4.0');
  await expect(card).toContainText('(1 review)');

  // An admin hides it with a reason.
  const adminContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin-hostel-reviews');
  const row = adminPage.getByTestId('hostel-review-row').filter({ hasText: name });
  await row.getByLabel('Reason for hiding (e-mailed to the author)').fill('It names the caretaker in full');
  await row.getByRole('button', { name: /^Hide the review by Ada R\./ }).click();
  await expect(row.getByText('Hidden because: It names the caretaker in full')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Show the review by/ })).toBeVisible();
  await adminContext.close();

  // The tenant is told why.
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(person.email)}`);
      const mails = (await res.json()) as { subject: string; text: string }[];
      return mails.find((m) => m.subject.includes('has been hidden'))?.text ?? '';
    })
    .toContain('Reason: It names the caretaker in full');

  // The average goes from the hostel page and the card.
  await page.goto(`/hostel/${room.hostelId}`);
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
  await expect(reviews.getByRole('listitem')).toHaveCount(0);
  await page.goto(`/hostels?q=${encodeURIComponent(name)}`);
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('review');
});
