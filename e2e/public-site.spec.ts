import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';

/** Every public page of the spec's route table, with the heading it must show. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Your home away from home, close to campus' },
  { path: '/about', heading: 'About StudyNest' },
  { path: '/job-vacancy', heading: 'No Open Positions at the Moment!' },
  { path: '/terms-conditions', heading: 'Terms & Conditions' },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/help-support', heading: 'Help & Support' },
  { path: '/review', heading: 'Share your experience' },
  { path: '/login', heading: 'Log in' },
  { path: '/sign-up', heading: 'Create your account' },
] as const;

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(innerWidth);
}

test('every public page loads with its heading and a meaningful title', async ({ page }) => {
  for (const p of PUBLIC_PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/StudyNest/);
  }
});

test('at 375 px nothing overflows horizontally on any public page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const p of PUBLIC_PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading, exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
  // The narrowest phones the design supports.
  await page.setViewportSize({ width: 320, height: 640 });
  for (const p of PUBLIC_PAGES) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading, exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
});

test('landing page: hero leads to the hostel list; room types, selling points and process are shown', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('img', { name: /StudyNest hostel building/ });
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await page.getByRole('link', { name: 'Browse hostels' }).first().click();
  await expect(page).toHaveURL(/#hostels$/);
  const list = page.locator('#hostels');
  await expect(list.getByRole('heading', { name: 'Browse hostels' })).toBeInViewport();
  // Live cards from the search, in the page's HTML: hostels with a room free now, newest first.
  const cards = list.locator('ul[aria-label="Hostels with a room free"] > li');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(6);
  const hostel = cards.first().getByRole('link');
  await expect(hostel).toContainText(/from ₦[\d,]+ \/ year/);
  await expect(hostel).toContainText(/\d+ rooms? free/);
  const name = (await hostel.locator('span').first().textContent()) ?? '';

  for (const room of ['Studio', 'Shared room', 'Non-en-suite room']) {
    await expect(page.getByRole('heading', { level: 3, name: room, exact: true })).toBeVisible();
  }
  const roomPhotos = page.locator('img[src^="/images/room-"]');
  await expect(roomPhotos).toHaveCount(3);
  for (const img of await roomPhotos.all()) await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(page.getByRole('heading', { name: 'Affordable' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trust' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Rent your room online, from start to finish' }),
  ).toBeVisible();

  await hostel.click();
  await expect(page).toHaveURL(/\/hostel\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('Read More reveals the extended paragraph and stays open (the button is gone)', async ({ page }) => {
  await page.goto('/');
  const more = page.getByRole('button', { name: 'Read More' });
  await expect(page.getByText(/the price you see is the price you pay/)).toHaveCount(0);
  await more.focus();
  await page.keyboard.press('Enter');
  const revealed = page.getByText(/the price you see is the price you pay/);
  await expect(revealed).toBeVisible();
  await expect(revealed).toBeFocused();
  await expect(page.getByRole('button', { name: 'Read More' })).toHaveCount(0);
  // One way: moving around the page does not fold it back.
  await page.getByRole('link', { name: 'Browse hostels' }).first().click();
  await expect(revealed).toBeVisible();
});

test('subscribe: an invalid address gets a message; a valid one (even twice) is confirmed', async ({
  page,
}) => {
  await page.goto('/');
  const email = page.getByLabel('Email address');
  const button = page.getByRole('button', { name: 'Subscribe' });
  await email.fill('not-an-email');
  await button.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address' })).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  const address = `subscriber.${Date.now()}@example.com`;
  await email.fill(address);
  await button.click();
  await expect(
    page.getByText("Thank you for subscribing! We'll e-mail you news about rooms and offers."),
  ).toBeVisible();
  await expect(email).toHaveValue('');

  // A repeat is quiet: the same friendly answer, no error.
  await email.fill(address.toUpperCase());
  await button.click();
  await expect(
    page.getByText("Thank you for subscribing! We'll e-mail you news about rooms and offers."),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a submitted review appears on the landing page after an admin approves it', async ({
  page,
  request,
}) => {
  const name = `Review Tester ${Date.now()}`;
  const feedback = `Clean rooms and a quick plumber — ${Date.now()}`;

  await page.goto('/review');
  // Client-side checks first: nothing is sent empty.
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();

  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Your Feedback').fill(feedback);
  // The stars are a keyboard-operable radio group.
  await page.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your review!' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');

  // Not public until approved.
  await page.goto('/');
  await expect(page.getByTestId('testimonial')).not.toContainText(feedback);

  const login = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  await page.evaluate(
    ([t, id]) => {
      localStorage.setItem('userToken', t);
      localStorage.setItem('userId', id);
      localStorage.setItem('userRole', 'admin');
    },
    [token as string, user._id as string],
  );
  await page.goto('/all-reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const row = page.getByTestId('review-row').filter({ hasText: feedback });
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: `Approve the review by ${name}` }).click();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Approve/ })).toBeDisabled();

  await page.goto('/');
  const testimonial = page.getByTestId('testimonial');
  await expect(testimonial).toContainText(feedback);
  await expect(testimonial).toContainText(name);
  await expect(testimonial.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(testimonial.getByRole('link', { name: 'Write a review' })).toHaveAttribute('href', '/review');

  // Hiding it takes it off the landing page again.
  await page.goto('/all-reviews');
  await page
    .getByTestId('review-row')
    .filter({ hasText: feedback })
    .getByRole('button', { name: `Hide the review by ${name}` })
    .click();
  await expect(page.getByTestId('review-row').filter({ hasText: feedback })).toContainText('Hidden');
  await page.goto('/');
  await expect(page.getByTestId('testimonial')).not.toContainText(feedback);
});

test('header menu, footer links and Contact Us work', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('list', { name: 'Hostels', exact: true }).getByRole('link').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('list', { name: 'Hostels', exact: true })).toHaveCount(0);

  const footer = page.getByRole('navigation', { name: 'Footer' });
  const targets = [
    ['Home', '/', 'Your home away from home, close to campus'],
    ['About', '/about', 'About StudyNest'],
    ['Profile', '/login', 'Log in'],
    ['Vacancy', '/job-vacancy', 'No Open Positions at the Moment!'],
    ['Terms & Conditions', '/terms-conditions', 'Terms & Conditions'],
    ['Policy & Privacy', '/privacy-policy', 'Privacy Policy'],
    ['Help & Support', '/help-support', 'Help & Support'],
  ] as const;
  for (const [label, path, heading] of targets) {
    await footer.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo').locator('img')).toHaveCount(3);
  await expect(page.getByRole('contentinfo')).toContainText('Benin City');

  await page.goto('/job-vacancy');
  await footer.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/help-support#contact$/);
  const contact = page.locator('#contact');
  await expect(contact.getByRole('heading', { name: 'Contact us' })).toBeInViewport();
  await expect(contact.getByRole('link', { name: '+234 803 000 0000' }).first()).toHaveAttribute(
    'href',
    'tel:+2348030000000',
  );
  await expect(contact.getByRole('link', { name: 'support@studynest.ng' })).toHaveAttribute(
    'href',
    'mailto:support@studynest.ng',
  );
  await expect(contact.getByRole('link', { name: /WhatsApp|\+234 803 000 0000/ }).last()).toHaveAttribute(
    'href',
    'https://wa.me/2348030000000',
  );
});

test('static pages state the configured numbers', async ({ page }) => {
  await page.goto('/terms-conditions');
  const terms = page.getByRole('article');
  await expect(terms).toContainText('₦50,000');
  await expect(terms).toContainText('10 PM to 6 AM');
  await expect(terms).toContainText('at least 30 days in advance');
  await expect(terms).toContainText("at least 14 days' advance notice");
  await expect(terms).toContainText('laws of the Federal Republic of Nigeria');

  await page.goto('/help-support');
  const help = page.getByRole('article');
  await expect(help).toContainText('PayPal is not available');
  await expect(help).toContainText('within 24 hours');
  await expect(help).toContainText('3–5 business days');
  await expect(help).toContainText("at least 30 days' notice");
  await expect(help).toContainText('refunded within 14 days');

  await page.goto('/privacy-policy');
  const privacy = page.getByRole('article');
  for (const item of ['identity card', 'emergency contact', 'never sell', 'local storage', 'opt out']) {
    await expect(privacy).toContainText(item);
  }
});
