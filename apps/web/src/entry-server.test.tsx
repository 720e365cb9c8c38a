import type { Hostel, HostelSearchResult, Room } from '@studynest/contracts';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prepareHydration } from './app/hydration.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { fillTemplate, type GetJson, renderPage } from './entry-server.tsx';
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
  hostel_details: 'Quiet rooms near the main gate.',
  photos: [
    {
      _id: 'p1',
      src: '/uploads/hostels/p1.jpg',
      width: 1200,
      height: 800,
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
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    hostel: 'h1',
  },
];
const { hostel_details: _details, photos: _photos, ...summary } = hostel;
const searchResult: HostelSearchResult = {
  items: [{ ...summary, photo: '/uploads/hostels/p1.jpg', min_available_price: 650_000, available_rooms: 1 }],
  total: 7,
  next_cursor: 'next-page',
};
const api: Record<string, unknown> = {
  '/hostels/h1': hostel,
  '/rooms/hostel/h1': rooms,
  '/hostels?q=benin&max_price=700000': searchResult,
};
const getJson: GetJson = async (path) => api[path];

afterEach(() => {
  document.body.innerHTML = '';
});

describe('renderPage', () => {
  it('renders a hostel page with its data, title and cache', async () => {
    const fetched: string[] = [];
    const page = await renderPage('/hostel/h1', async (path) => {
      fetched.push(path);
      return api[path];
    });
    expect(fetched.sort()).toEqual(['/hostels/h1', '/rooms/hostel/h1']);
    expect(page?.title).toBe('Unity Court </script><b> · StudyNest');
    expect(page?.html).toContain('Unity Court &lt;/script&gt;&lt;b&gt;');
    expect(page?.html).toContain('₦650,000');
    expect(page?.html).toMatch(/<img [^>]*fetchpriority="high"/i);
    // Safe inside <script type="application/json">: no way to close the element early.
    expect(page?.state).not.toContain('<');
    expect(JSON.parse(page?.state ?? '').queries).toHaveLength(2);
  });

  it('leaves a hostel it cannot load to the browser', async () => {
    expect(await renderPage('/hostel/gone', getJson)).toBeNull();
  });

  it('renders a search with its first page, the empty fields of a form sent without JavaScript left out', async () => {
    const fetched: string[] = [];
    const page = await renderPage('/hostels?q=benin&university=&max_price=700000', async (path) => {
      fetched.push(path);
      return api[path];
    });
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

  it('leaves a search the API refuses to the browser', async () => {
    expect(await renderPage('/hostels?max_price=cheap', getJson)).toBeNull();
  });

  it('renders the landing page without data, the hero preloaded in <head>', async () => {
    const page = await renderPage('/', async () => {
      throw new Error('the landing page fetches nothing');
    });
    expect(page?.state).toBeNull();
    expect(page?.head).toMatch(/^<link rel="preload" as="image"[^>]*fetchPriority="high"/);
    expect(page?.html).toContain('Browse hostels');
  });
});

describe('fillTemplate', () => {
  it('escapes the title and adds the state script only when there is state', () => {
    const template =
      '<title><!--app-title--></title><!--app-head--><div id="root"><!--app-html--></div><!--app-state-->';
    const page = { title: 'A & <B>', head: '<link rel="preload">', html: '<p>x</p>', state: '{"a":1}' };
    expect(fillTemplate(template, page)).toBe(
      '<title>A &amp; &lt;B&gt;</title><link rel="preload"><div id="root"><p>x</p></div><script type="application/json" id="app-state">{"a":1}</script>',
    );
    expect(fillTemplate(template, { ...page, state: null })).not.toContain('<script');
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
      // The same element, adopted rather than replaced.
      expect(container.querySelector('img[fetchpriority="high"]')).toBe(mainImage);
    },
  );
});
