import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { paths } from './config/paths.ts';
import { hostelPageQueries, hostelQueries } from './features/hostels/api/hostel-queries.ts';
import { createQueryClient } from './lib/query-client.ts';
import { documentTitle } from './lib/use-document-title.ts';

/**
 * HTML for the screens a phone should see before any JavaScript has run (docs/domain.md, "Quality targets": a slow phone on
 * slow data). Bundled for Node by prerender.ts: `/` is rendered once at build time (home.html), the
 * hostel page by the API server on each request (apps/api/src/plugins/static.ts) with the same data
 * the browser would fetch. main.tsx hydrates both. Markup must match the browser's first render:
 * no signed-in user (useSession's server snapshot), and data only from the queries seeded here.
 */

/** GET an API path (under /api) as JSON; undefined when it does not answer 200. */
export type GetJson = (apiPath: string) => Promise<unknown>;

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
};
const SCREENS: Screen[] = [
  {
    path: paths.hostel.path,
    queries: (params) => hostelPageQueries(params.hostelId ?? ''),
    title: (client, params) =>
      client.getQueryData(hostelQueries.detail(params.hostelId ?? '').queryKey)?.hostel_name ?? 'Hostel',
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
  title: string;
  /** React's resource hints for <head> (the high-priority image preload). */
  head: string;
  /** The markup of #root. */
  html: string;
  /** The query cache, dehydrated, as JSON safe to put in a <script type="application/json">. */
  state: string | null;
};

/** Renders `url`; null when a screen's data is missing (not found, API error): the browser renders that one. */
export async function renderPage(url: string, getJson: GetJson): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://render.invalid');
  const client = createQueryClient();
  let title = documentTitle('');
  let seeded = false;
  for (const screen of SCREENS) {
    const match = matchPath(screen.path, pathname);
    if (!match) continue;
    const queries = screen.queries(match.params, searchParams);
    const results = await Promise.all(
      queries.map((q) => {
        const apiPath = q.meta?.apiPath;
        if (typeof apiPath !== 'string')
          throw new Error(`query ${JSON.stringify(q.queryKey)} has no meta.apiPath`);
        return getJson(apiPath);
      }),
    );
    if (results.some((r) => r === undefined)) return null;
    queries.forEach((q, i) => {
      const data =
        'initialPageParam' in q ? { pages: [results[i]], pageParams: [q.initialPageParam] } : results[i];
      client.setQueryData(q.queryKey, data as never);
    });
    title = documentTitle(screen.title(client, match.params));
    seeded = true;
    break;
  }

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://render.invalid')));
  if (context instanceof Response || context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = renderToString(
    <AppProvider queryClient={client}>
      {/* hydrate={false}: no inline script (the CSP allows none); main.tsx knows the routes have no loader data. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProvider>,
  );
  // React writes its resource hints first. Keep the high-priority ones (the main image); the rest
  // (the logo) the browser finds in the markup early enough.
  const hints = /^(?:<link [^>]*\/>)*/.exec(rendered)?.[0] ?? '';
  const head = (hints.match(/<link [^>]*\/>/g) ?? [])
    .filter((tag) => /fetchpriority="high"/i.test(tag))
    .join('');
  return {
    title,
    head,
    html: rendered.slice(hints.length),
    state: seeded ? JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c') : null,
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
  return template.replace(/<!--app-(?:title|head|html|state)-->/g, (marker) => parts[marker] ?? '');
}

let template: string | undefined;

/** For the server: the whole HTML document for `url`, or null to send the empty shell instead. */
export async function render(url: string, getJson: GetJson): Promise<string | null> {
  if (template === undefined) {
    const { readFile } = await import('node:fs/promises');
    template = await readFile(new URL('./template.html', import.meta.url), 'utf8');
  }
  const page = await renderPage(url, getJson);
  return page && fillTemplate(template, page);
}
