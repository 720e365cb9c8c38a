/**
 * The service worker (docs/decisions/0025-service-worker.md). Built by vite-plugin-pwa, which fills in
 * the precache list (`self.__WB_MANIFEST`): the app shell, `/` as rendered at build time and every
 * route chunk. What a student reads is kept for when the signal goes:
 *
 * - pages (HTML; never signed in: the token travels in a header, not a cookie) network-first;
 * - public API reads of hostels and search results network-first, then the copy;
 * - photos cache-first, at most 150 of them for 30 days;
 * - signed-in reads she needs offline network-first in a cache named after a digest of her token:
 *   another account's requests carry another token, so they never match; logging out deletes it.
 *
 * Nothing else is cached: writes, payments, checkout and the sandbox always go to the network.
 * Three writes a student may make without a signal (a maintenance report, a move-out notice, a
 * hostel review) are kept in an outbox when the network fails and sent when it returns
 * (docs/decisions/0027-offline-writes.md); payments never are.
 */
import { formatLagosDateTime } from '@studynest/contracts/format';
import { Queue } from 'workbox-background-sync';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const ACCOUNT_CACHE_PREFIX = 'studynest-account-';
const PAGES = 'studynest-pages';
const PUBLIC_API = 'studynest-hostels';
const PHOTOS = 'studynest-photos';
const DAY = 24 * 60 * 60;
/** Past this a slow 2G answer gives way to the kept copy; the network answer still refreshes it. */
const NETWORK_TIMEOUT_S = 6;

// `/` is the page rendered at build time, not the empty shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'home.html', cleanURLs: false });
cleanupOutdatedCaches();
// A first visit's page is looked after at once, so its reads are kept from the start. An update waits
// for the page to ask (registerSW.js: on the next navigation, never during a payment).
clientsClaim();
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') {
    // The page says so while the old version finishes what it was serving, then reloads.
    event.source?.postMessage({ type: 'studynest:updating' });
    void self.skipWaiting();
  }
  if (data?.type === 'LOGOUT') event.waitUntil(Promise.all([deleteAccountCaches(), emptyOutbox()]));
  // The page saw the signal come back: browsers without Background Sync have no other cue.
  if (data?.type === 'REPLAY_OUTBOX') event.waitUntil(replayOutbox().catch(() => {}));
  if (data?.type === 'PAGE_DATE' && typeof (data as { url?: unknown }).url === 'string') {
    event.waitUntil(tellPageDate(event.source, (data as { url: string }).url));
  }
});

/**
 * A kept copy's time as the page shows it ("26 Nov 2026, 2:05 pm"), written here with the one time
 * formatter: registerSW.js, which shows it, is a plain script outside the bundle.
 */
const keptAt = (date: string) => {
  const t = Date.parse(date);
  return t > 0 ? formatLagosDateTime(new Date(t)) : undefined;
};

/** When the copy of a page opened offline was kept: the page cannot read its own response's headers. */
async function tellPageDate(source: ExtendableMessageEvent['source'], href: string) {
  const url = new URL(href);
  const copy =
    (await caches.match(href, { cacheName: PAGES })) ??
    (await matchPrecache(url.pathname === '/' ? '/home.html' : url.pathname));
  const date = copy?.headers.get('date');
  if (date && source && 'postMessage' in source)
    source.postMessage({ type: 'studynest:page-date', date, label: keptAt(date) });
}

async function deleteAccountCaches(keep?: string) {
  for (const name of await caches.keys()) {
    if (name.startsWith(ACCOUNT_CACHE_PREFIX) && name !== keep) await caches.delete(name);
  }
}

/** The page is told that what it shows is a kept copy, and from when (the server's Date header). */
const tellOfCopy: WorkboxPlugin = {
  async cachedResponseWillBeUsed({ cachedResponse, event }) {
    const clientId = (event as FetchEvent | undefined)?.clientId;
    if (cachedResponse && clientId) {
      const client = await self.clients.get(clientId);
      const date = cachedResponse.headers.get('date');
      client?.postMessage({ type: 'studynest:offline-copy', date, label: date && keptAt(date) });
    }
    return cachedResponse;
  },
};
/**
 * Her searches while signed in are kept too: past `max` answers the oldest go. Not the expiration
 * plugin: it notes each URL in IndexedDB, which would outlive the account's cache after logout.
 */
const keepAtMost = (max: number): WorkboxPlugin => ({
  async cacheDidUpdate({ cacheName }) {
    const cache = await caches.open(cacheName);
    const keys = await cache.keys(); // oldest first
    for (const old of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(old);
  },
});
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

const isApiGet = (request: Request, url: URL) =>
  request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/api/');

/** Signed-in reads kept for offline: her profile, rent and tenancy, payments and receipt PDFs, bookings, saved hostels, her reports, and the hostels and rooms she opened. */
const ACCOUNT_READS =
  /^\/api\/(user\/[^/]+$|payments\/mine$|payments\/[^/]+\/receipt\.pdf$|bookings(\/|$)|tenancy(\/|$)|saved(\/|$)|maintenance\/mine$|hostels(\/|$)|rooms\/room\/)/;

// Pages: what was last seen at that address; on a first offline visit to it, the app shell for the
// screens that can work from kept reads, or the offline page.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * DAY })],
  }),
);

// Hostels and search results, signed out.
registerRoute(
  ({ request, url }) =>
    isApiGet(request, url) &&
    !request.headers.has('authorization') &&
    /^\/api\/(hostels|rooms\/room)(\/|$|\?)/.test(url.pathname),
  new NetworkFirst({
    cacheName: PUBLIC_API,
    networkTimeoutSeconds: NETWORK_TIMEOUT_S,
    plugins: [okOnly, tellOfCopy, new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * DAY })],
  }),
);

// Photos: our names are unique, so a kept photo never goes stale.
registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: PHOTOS,
    plugins: [
      okOnly,
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

/** The cache of the account whose token this request carries: a SHA-256 of it, never the token. */
async function accountCacheName(authorization: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return ACCOUNT_CACHE_PREFIX + hex;
}
const accountStrategies = new Map<string, NetworkFirst>();

registerRoute(
  ({ request, url }) =>
    isApiGet(request, url) && request.headers.has('authorization') && ACCOUNT_READS.test(url.pathname),
  async (options) => {
    const name = await accountCacheName(options.request.headers.get('authorization') ?? '');
    let strategy = accountStrategies.get(name);
    if (!strategy) {
      // One account's reads on this phone at a time: a new sign-in drops whatever another left.
      await deleteAccountCaches(name);
      accountStrategies.clear();
      strategy = new NetworkFirst({
        cacheName: name,
        networkTimeoutSeconds: NETWORK_TIMEOUT_S,
        plugins: [okOnly, tellOfCopy, keepAtMost(120)],
      });
      accountStrategies.set(name, strategy);
    }
    const [response, done] = strategy.handleAll(options);
    // A read still on its way when another account signed in would put its copy back after the
    // sign-in dropped it: once written, it goes again unless its account is still the one here.
    options.event.waitUntil(
      done
        .catch(() => undefined)
        .then(async () => {
          if (accountStrategies.get(name) !== strategy) await caches.delete(name);
        }),
    );
    return response;
  },
);

// ─── Writes made offline ──────────────────────────────────────────────────────────────────────────

/** POSTs that may wait for the signal; each carries an Idempotency-Key, so a replay is applied once. */
const OUTBOX_WRITES = /^\/api\/(maintenance|tenancy\/notice|hostels\/[^/]+\/reviews)$/;
const QUEUED_MESSAGE = 'Waiting to send — it goes as soon as you are back online';

type OutboxNote = { type: string; key: string; url: string; status?: number; message?: string };

async function tellPages(note: OutboxNote) {
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    client.postMessage(note);
  }
}

let replaying: Promise<void> | null = null;
/** One pass over the outbox at a time: the sync event, the page's "online" and a worker start may coincide. */
function replayOutbox(queue: Queue = outbox): Promise<void> {
  replaying ??= sendWaiting(queue).finally(() => {
    replaying = null;
  });
  return replaying;
}

/**
 * Oldest first. Still offline, busy (409: the first attempt is still running; 429; 5xx): it stays,
 * and the failure tells the browser to try again later. Sent or replayed: the pages are told "sent".
 * Refused (another 4xx): dropped, and the pages are told why; sending it again could not succeed.
 */
async function sendWaiting(queue: Queue): Promise<void> {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const key = entry.request.headers.get('idempotency-key') ?? '';
    const url = entry.request.url;
    let response: Response;
    try {
      response = await fetch(entry.request.clone());
    } catch (err) {
      await queue.unshiftRequest(entry);
      throw err;
    }
    if (response.status === 409 || response.status === 429 || response.status >= 500) {
      await queue.unshiftRequest(entry);
      throw new Error(`outbox: ${response.status}, kept for the next try`);
    }
    if (response.ok) {
      await tellPages({ type: 'studynest:outbox-sent', key, url, status: response.status });
    } else {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message =
        typeof body?.message === 'string' ? body.message : `It could not be sent (${response.status})`;
      await tellPages({ type: 'studynest:outbox-refused', key, url, status: response.status, message });
    }
  }
}

/** Written offline by the account that logs out: its token is revoked, so none of it could be sent. */
async function emptyOutbox() {
  while (await outbox.shiftRequest()) {
    // dropped
  }
}

/**
 * Workbox's queue keeps the requests (headers, multipart bodies included) in IndexedDB and replays on
 * `sync` where the browser has Background Sync, and whenever the worker starts where it has not.
 */
const outbox = new Queue('studynest-outbox', {
  maxRetentionTime: 7 * 24 * 60, // minutes: as long as the server remembers the keys
  // Where there is no sync event this runs inside the constructor, before `outbox` is assigned: the
  // queue comes as an argument. A failure there has nobody to retry it but the next cue, so it is
  // caught; on `sync` it is thrown, for the browser to try again later.
  onSync: ({ queue }) => {
    const run = replayOutbox(queue);
    return 'sync' in self.registration ? run : run.catch(() => {});
  },
});

registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin &&
    OUTBOX_WRITES.test(url.pathname) &&
    request.headers.has('idempotency-key'),
  async ({ request }) => {
    const kept = request.clone();
    try {
      return await fetch(request);
    } catch {
      await outbox.pushRequest({ request: kept });
      return new Response(JSON.stringify({ queued: true, message: QUEUED_MESSAGE }), {
        status: 202,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
    }
  },
  'POST',
);

const SHELL_SCREENS = /^\/(hostels?(\/|$)|profile\/|saved$|receipt-page$|rent-receipt$)/;

setCatchHandler(async ({ request, url }) => {
  if (request.mode === 'navigate' && url) {
    const page = SHELL_SCREENS.test(url.pathname)
      ? await matchPrecache('/index.html')
      : await matchPrecache('/offline.html');
    if (page) return page;
  }
  return Response.error();
});
