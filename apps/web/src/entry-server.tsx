import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { paths } from './config/paths.ts';
import { hostelPageQueries, hostelQueries } from './features/hostels/api/hostel-queries.ts';
import { HOSTEL_GONE_TITLE } from './features/hostels/components/hostel-not-listed.tsx';
import { ApiError } from './lib/api-client.ts';
import { renderingWithSaveData } from './lib/data-saver.ts';
import { createQueryClient } from './lib/query-client.ts';
import { loadSplitComponents } from './lib/split-component.tsx';
import { documentTitle } from './lib/use-document-title.ts';
import { noscriptNotice } from './noscript-notice.ts';

/**
 * HTML for the screens a phone should see before any JavaScript has run (docs/domain.md, "Quality targets": a slow phone on
 * slow data). Bundled for Node by prerender.ts. The API server renders these screens on each request
 * (apps/api/src/plugins/static.ts) with the same data the browser would fetch; `/` is also rendered
 * once at build time without its data (home.html), which stands in when the API cannot answer. main.tsx hydrates both. Markup must match the browser's first render:
 * no signed-in user (useSession's server snapshot), and data only from the queries seeded here.
 *
 * A screen whose data the API says is not there (a hostel closed or removed: 404) is rendered too,
 * with that status, so a shared link says so before any JavaScript has run; the browser then renders
 * that page afresh rather than hydrating it (its first render is a loading state, not the error).
 */

/** GET an API path (under /api): its status and, for JSON answers, its body. */
export type GetJson = (apiPath: string) => Promise<{ status: number; body?: unknown }>;

export { noscriptNotice };

/** `saveData`: the request said `Save-Data: on`, so photos are drawn as "Tap to load photo" (lib/data-saver.ts). */
export type RenderOptions = {
  saveData?: boolean;
  /** False: the screen as it looks before its data (home.html, for when the API cannot answer). */
  withData?: boolean;
};

/** Screens rendered on request with data; the server registers these paths (Fastify and React Router agree on `:param`). */
type Params = Record<string, string | undefined>;
/** A query a screen needs: its key and API path; an infinite one (a list by pages) gets its first page. */
type ScreenQuery = {
  queryKey: readonly unknown[];
  meta?: Record<string, unknown>;
  initialPageParam?: unknown;
};
type Screen = {
  path: string;
  queries: (params: Params, search: URLSearchParams) => readonly ScreenQuery[];
  title: (client: QueryClient, params: Params) => string;
  /**
   * API answers that mean the screen's subject is not there (a hostel: not found, or an id that never
   * could be): rendered as a 404 page. Any other failure is left to the browser.
   */
  notThere?: number[];
};
const SCREENS: Screen[] = [
  {
    // The landing page's "Rooms free now" cards, live: rendered on each request, not at build time.
    path: paths.home.path,
    queries: () => [hostelQueries.featured()],
    title: () => '',
  },
  {
    path: paths.hostel.path,
    queries: (params) => hostelPageQueries(params.hostelId ?? ''),
    title: (client, params) =>
      client.getQueryData(hostelQueries.detail(params.hostelId ?? '').queryKey)?.hostel_name ??
      HOSTEL_GONE_TITLE,
    notThere: [400, 404],
  },
  {
    // The search's first page, so a phone sees results (and can page on) with no JavaScript.
    path: paths.hostels.path,
    queries: (_params, search) => [hostelQueries.search(search)],
    title: () => 'Find a hostel',
  },
];
export const serverRenderedPaths = SCREENS.map((s) => s.path);

export type RenderedPage = {
  /** The HTTP status to send: 200, or 404 when the screen's data is not there. */
  status: number;
  title: string;
  /** React's resource hints for <head> (the high-priority image preload). */
  head: string;
  /** The markup of #root. */
  html: string;
  /** The query cache, dehydrated, as JSON safe to put in a <script type="application/json">. */
  state: string | null;
  /** False for a not-found page: the browser renders it anew instead of hydrating it. */
  hydrate: boolean;
};

const messageOf = (body: unknown) =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : 'Not found';

/**
 * Renders `url`; null when the API could not answer a screen's data (an error, not a 404): the
 * browser renders that one.
 */
export async function renderPage(
  url: string,
  getJson: GetJson,
  { saveData = false, withData = true }: RenderOptions = {},
): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  const client = createQueryClient();
  // A query seeded with a 404 must render as that error here, not as a loading state about to retry.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: false } });
  let title = documentTitle('');
  let seeded = false;
  let status = 200;
  for (const screen of SCREENS) {
    const match = matchPath(screen.path, pathname);
    if (!match || !withData) continue;
    const queries = screen.queries(match.params, searchParams);
    const results = await Promise.all(
      queries.map((q) => {
        const apiPath = q.meta?.apiPath;
        if (typeof apiPath !== 'string')
          throw new Error(`query ${JSON.stringify(q.queryKey)} has no meta.apiPath`);
        return getJson(apiPath);
      }),
    );
    const notThere = screen.notThere ?? [];
    if (results.some((r) => r.status !== 200 && !notThere.includes(r.status))) return null;
    await Promise.all(
      queries.map((q, i) => {
        const { status: answered, body } = results[i]!;
        if (answered === 200) {
          const data = 'initialPageParam' in q ? { pages: [body], pageParams: [q.initialPageParam] } : body;
          return client.setQueryData(q.queryKey, data as never);
        }
        status = 404;
        // The same error the browser's fetch would have thrown, so the screen shows what it shows there.
        return client.prefetchQuery({
          queryKey: q.queryKey,
          queryFn: () => Promise.reject(new ApiError(answered, messageOf(body))),
          retry: false,
        });
      }),
    );
    title = documentTitle(screen.title(client, match.params));
    seeded = status === 200;
    break;
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://render.invalid')));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The route's module is loaded now (handler.query): its split-off parts are rendered in place.
  await loadSplitComponents();
  const rendered = renderingWithSaveData(saveData, () =>
    renderToString(
      <AppProvider queryClient={client}>
        {/* hydrate={false}: no inline script (the CSP allows none); main.tsx knows the routes have no loader data. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>,
    ),
  );
  // React writes its resource hints first. Keep the high-priority ones (the main image); the rest
  // (the logo) the browser finds in the markup early enough.
  const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
  const head = (hints.match(/<link [^>]*\/>/g) ?? [])
    .filter((tag) => /fetchpriority="high"/i.test(tag))
    .join('');
  return {
    status,
    title,
    head,
    html: rendered.slice(hints.length),
    state: seeded ? JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c') : null,
    hydrate: status === 200,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Puts a rendered page into the page template prerender.ts writes (markers in the empty shell). */
export function fillTemplate(template: string, page: RenderedPage): string {
  const parts: Record<string, string> = {
    '<!--app-title-->': escapeHtml(page.title),
    '<!--app-head-->': page.head,
    '<!--app-html-->': page.html,
    '<!--app-state-->': page.state
      ? `<script type="application/json" id="app-state">${page.state}</script>`
      : '',
  };
  const filled = template.replace(/<!--app-(?:title|head|html|state)-->/g, (marker) => parts[marker] ?? '');
  // main.tsx renders into a root marked so rather than hydrating it.
  return page.hydrate ? filled : filled.replace('<div id="root">', '<div id="root" data-render="fresh">');
}

/** The page template prerender.ts writes, and the same with the landing route's chunks named for the boot script to preload. */
const templates = new Map<string, Promise<string>>();
const templateFile = (pathname: string) =>
  pathname === paths.home.path ? './home-template.html' : './template.html';

/** For the server: the whole HTML document for `url` and its status, or null to send the empty shell instead. */
export async function render(
  url: string,
  getJson: GetJson,
  options: RenderOptions = {},
): Promise<{ status: number; html: string } | null> {
  const file = templateFile(new URL(url, 'http://render.invalid').pathname);
  if (!templates.has(file)) {
    const { readFile } = await import('node:fs/promises');
    templates.set(file, readFile(new URL(file, import.meta.url), 'utf8'));
  }
  const template = await templates.get(file)!;
  const page = await renderPage(url, getJson, options);
  return page && { status: page.status, html: fillTemplate(template, page) };
}
