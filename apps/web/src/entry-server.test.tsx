import type { Hostel, HostelSearchResult, Room } from '@studynest/contracts';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareHydration } from './app/hydration.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { fillTemplate, type GetJson, noscriptNotice, renderPage } from './entry-server.tsx';
import { createQueryClient } from './lib/query-client.ts';

const hostel: Hostel = {
  _id: 'h1',
  id: 'h1',
  hostel_name: 'Unity Court </script><b>',
  address: '3 Ozolua Road, Benin City',
  images: ['/uploads/hostels/p1.jpg'],
  is_closed: false,
  state: 'Edo',
  city: 'Benin City',
  university: 'UNIBEN',
  university_name: 'University of Benin',
  walking_minutes: 10,
  gender_policy: 'mixed',
  amenities: ['water'],
  latitude: null,
  longitude: null,
  rent_plan: 'two_parts',
  rating: { average: 4.5, count: 2 },
  hostel_details: 'Quiet rooms near the main gate.',
  photos: [
    {
      _id: 'p1',
      src: '/uploads/hostels/p1.jpg',
      width: 1200,
      height: 800,
      placeholder: '#8899aa',
      variants: [{ url: '/uploads/hostels/p1-480.webp', width: 480 }],
    },
  ],
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const rooms: Room[] = [
  {
    _id: 'r1',
    room_number: 'room 01',
    unit: 'two bedroom flat',
    status: 'available',
    price: 650_000,
    agent_fee: 65_000,
    caution_fee: 50_000,
    commission_fee: 30_000,
    rent_plan: 'two_parts',
    rent_plan_override: null,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    hostel: 'h1',
    photos: ['r1a', 'r1b'].map((key) => ({
      _id: key,
      src: `/uploads/rooms/${key}.jpg`,
      width: 1200,
      height: 800,
      placeholder: '#aa9988',
      variants: [
        { url: `/uploads/rooms/${key}-480.webp`, width: 480 },
        { url: `/uploads/rooms/${key}-960.webp`, width: 960 },
      ],
    })),
  },
];
const { hostel_details: _details, photos: _photos, ...summary } = hostel;
const searchResult: HostelSearchResult = {
  items: [
    {
      ...summary,
      photo: '/uploads/hostels/p1.jpg',
      cover: hostel.photos[0]!,
      min_available_price: 650_000,
      available_rooms: 1,
    },
  ],
  total: 7,
  next_cursor: 'next-page',
};
const api: Record<string, unknown> = {
  '/hostels/h1': hostel,
  '/rooms/hostel/h1': rooms,
  '/hostels?q=benin&max_price=700000': searchResult,
  '/hostels?available=true&limit=6': searchResult,
};
const notFound = {
  statusCode: 404,
  error: 'Not Found',
  message: 'This hostel does not exist or is no longer listed',
};
const getJson: GetJson = async (path) =>
  path in api ? { status: 200, body: api[path] } : { status: 404, body: notFound };

/** Renders `url` from the canned answers, recording the API paths it asked for. */
async function renderRecording(url: string) {
  const fetched: string[] = [];
  const page = await renderPage(url, async (path) => {
    fetched.push(path);
    return getJson(path);
  });
  return { page, fetched };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('renderPage', () => {
  it('renders a hostel page with its data, title and cache', async () => {
    const fetched: string[] = [];
    const page = await renderPage('/hostel/h1', async (path) => {
      fetched.push(path);
      return getJson(path);
    });
    expect(page?.status).toBe(200);
    expect(page?.hydrate).toBe(true);
    expect(fetched.sort()).toEqual(['/hostels/h1', '/rooms/hostel/h1']);
    expect(page?.title).toBe('Unity Court </script><b> · StudyNest');
    expect(page?.html).toContain('Unity Court &lt;/script&gt;&lt;b&gt;');
    expect(page?.html).toContain('₦650,000');
    expect(page?.html).toMatch(/<img [^>]*fetchpriority="high"/i);
    // The room card's first photo, server-rendered, lazy, with the sizes that pick 480 px on a phone.
    const roomPhoto = page?.html.match(/<img [^>]*alt="Room 01, photo 1 of 2"[^>]*>/i)?.[0];
    expect(roomPhoto).toMatch(/loading="lazy"/);
    expect(roomPhoto).toMatch(/width="1200"/);
    expect(page?.html).toContain('/uploads/rooms/r1a-480.webp 480w');
    expect(page?.html).not.toContain('/uploads/rooms/r1b');
    // The tenants' average, in words and in the schema.org data.
    expect(page?.html).toContain('Rated 4.5 out of 5 from 2 reviews');
    expect(page?.html).toContain(
      '"aggregateRating":{"@type":"AggregateRating","ratingValue":4.5,"reviewCount":2,"bestRating":5,"worstRating":1}',
    );
    // Safe inside <script type="application/json">: no way to close the element early.
    expect(page?.state).not.toContain('<');
    expect(JSON.parse(page?.state ?? '').queries).toHaveLength(2);
  });

  it('for a request with Save-Data: on, draws the photo as "Tap to load photo" in its colour: no image, no preload', async () => {
    const page = await renderPage('/hostel/h1', getJson, { saveData: true });
    expect(page?.html).toContain('Tap to load photo');
    expect(page?.html).toContain('background-color:#8899aa');
    // The structured data still names the photo; nothing the browser would fetch does.
    expect(page?.html).not.toMatch(/<(?:img|source)\b[^>]*\/uploads\//);
    expect(page?.head).not.toContain('/uploads/');
    // The next render (another request, without the header) shows the photo again.
    const plain = await renderPage('/hostel/h1', getJson);
    expect(plain?.html).toContain('/uploads/hostels/p1-480.webp 480w');
  });

  it('renders a closed or removed hostel as a 404 that says so and offers the search', async () => {
    const page = await renderPage('/hostel/gone', getJson);
    expect(page?.status).toBe(404);
    expect(page?.title).toBe('Hostel no longer listed · StudyNest');
    expect(page?.html).toContain('This hostel is no longer listed');
    expect(page?.html).toContain('href="/hostels"');
    expect(page?.html).toContain('href="/"');
    expect(page?.html).not.toContain('Try again');
    // Not hydrated (the browser's first render is a loading state): no cache, and main.tsx is told.
    expect(page?.state).toBeNull();
    expect(page?.hydrate).toBe(false);
    const template = '<div id="root"><!--app-html--></div><!--app-state-->';
    expect(fillTemplate(template, page!)).toMatch(/^<div id="root" data-render="fresh">/);
  });

  it('leaves a hostel the API cannot answer for (an error, not a 404) to the browser', async () => {
    expect(await renderPage('/hostel/h1', async () => ({ status: 503 }))).toBeNull();
  });

  it('renders a search with its first page, the empty fields of a form sent without JavaScript left out', async () => {
    const { page, fetched } = await renderRecording('/hostels?q=benin&university=&max_price=700000');
    expect(fetched).toEqual(['/hostels?q=benin&max_price=700000']);
    expect(page?.title).toBe('Find a hostel · StudyNest');
    expect(page?.html).toContain('from <strong>₦650,000</strong>');
    expect(page?.html).toContain('7 hostels match');
    // The next page is a link a browser without JavaScript can follow.
    expect(page?.html).toContain(
      'href="/hostels?q=benin&amp;university=&amp;max_price=700000&amp;cursor=next-page"',
    );
    expect(JSON.parse(page?.state ?? '').queries[0].state.data.pages).toEqual([searchResult]);
  });

  it('leaves a search the API refuses to the browser (a 400 is a bad filter, not a missing page)', async () => {
    const refused = { status: 400, body: { message: 'max_price must be a whole number' } };
    expect(await renderPage('/hostels?max_price=cheap', async () => refused)).toBeNull();
  });

  it('renders the landing page with live cards of hostels with a room free, the hero preloaded in <head>', async () => {
    const { page, fetched } = await renderRecording('/');
    expect(fetched).toEqual(['/hostels?available=true&limit=6']);
    expect(page?.head).toMatch(/^<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(page?.html).toContain('Browse hostels');
    expect(page?.html).toContain('from <strong>₦650,000</strong>');
    expect(JSON.parse(page?.state ?? '').queries[0].state.data).toEqual(searchResult);
  });

  it('renders the landing page without data for home.html, and leaves it to the browser when the API fails', async () => {
    const page = await renderPage(
      '/',
      async () => {
        throw new Error('nothing is fetched without data');
      },
      { withData: false },
    );
    expect(page?.state).toBeNull();
    expect(page?.html).toContain('Loading hostels');
    expect(await renderPage('/', async () => ({ status: 503 }))).toBeNull();
  });
});

describe('fillTemplate', () => {
  it('escapes the title and adds the state script only when there is state', () => {
    const template =
      '<title><!--app-title--></title><!--app-head--><div id="root"><!--app-html--></div><!--app-state-->';
    const page = {
      status: 200,
      title: 'A & <B>',
      head: '<link rel="preload">',
      html: '<p>x</p>',
      state: '{"a":1}',
      hydrate: true,
    };
    expect(fillTemplate(template, page)).toBe(
      '<title>A &amp; &lt;B&gt;</title><link rel="preload"><div id="root"><p>x</p></div><script type="application/json" id="app-state">{"a":1}</script>',
    );
    expect(fillTemplate(template, { ...page, state: null })).not.toContain('<script');
  });
});

describe('noscriptNotice', () => {
  it.each([
    ['/login', 'signing in'],
    ['/sign-up', 'creating an account'],
    ['/book-inspection/r1', 'booking an inspection'],
    ['/all-users', 'this page'],
  ])('%s says StudyNest needs JavaScript for %s, with links that work without it', (url, task) => {
    const html = noscriptNotice(url);
    expect(html).toContain(`StudyNest needs JavaScript for ${task}.`);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('href="/"');
    // The search is rendered HTML with a plain form: it works with JavaScript off.
    expect(html).toContain('href="/hostels"');
  });
  it('never links off the site, and escapes what the address holds', () => {
    expect(noscriptNotice('//evil.example/login')).not.toContain('evil');
    expect(noscriptNotice('/login?next="><script>')).not.toContain('<script>');
  });
});

describe('hydration of rendered pages', () => {
  it.each(['/', '/hostel/h1', '/hostels?q=benin&max_price=700000'])(
    '%s hydrates without a mismatch, keeping the rendered DOM',
    async (url) => {
      const page = await renderPage(url, getJson);
      const container = document.createElement('div');
      container.innerHTML = page?.html ?? '';
      document.body.append(container);
      const mainImage = container.querySelector('img[fetchpriority="high"]');
      expect(mainImage).not.toBeNull();
      const text = container.textContent;

      const queryClient = createQueryClient();
      const hydrationData = await prepareHydration(
        routes,
        { pathname: new URL(url, 'http://test.invalid').pathname },
        queryClient,
        page?.state,
      );
      const router = createMemoryRouter(routes, { initialEntries: [url], hydrationData });
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      await act(async () => {
        hydrateRoot(
          container,
          <AppProvider queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProvider>,
          { onRecoverableError: (err) => errors.push(err) },
        );
      });
      consoleError.mockRestore();
      expect(errors).toEqual([]);
      // The same element, adopted rather than replaced; parts split off (the landing page's cards) kept.
      expect(container.querySelector('img[fetchpriority="high"]')).toBe(mainImage);
      expect(container.textContent).toBe(text);
    },
  );
});
