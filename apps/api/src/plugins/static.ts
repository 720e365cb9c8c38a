import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';

const DAY = 24 * 60 * 60;
const YEAR = 365 * DAY;

/** apps/web/src/entry-server.tsx, as the web build bundles it into <web dist>/.server/. */
type ServerRenderer = {
  serverRenderedPaths: string[];
  render(
    url: string,
    getJson: (apiPath: string) => Promise<{ status: number; body?: unknown }>,
    options?: { saveData?: boolean },
  ): Promise<{ status: number; html: string } | null>;
  /** What the shell says with JavaScript off, for the page at this URL (HTML). */
  noscriptNotice(url: string): string;
};

/**
 * Serves the built SPA (hashed assets immutable for a year, HTML always revalidated), uploaded
 * images under /uploads (our own unique names, so immutable too), and the history fallback: any GET
 * that accepts HTML and is not /api or a file gets the empty shell, index.html.
 *
 * Some pages arrive as HTML a phone can paint before the app's JavaScript has run (apps/web/prerender.ts):
 * `/`, the search and the hostel page are rendered here on each request by the web build's server
 * renderer, with the same API answers the browser would fetch; a hostel that is closed or gone is a
 * 404 page that says so. home.html, `/` rendered at build time without its live cards, stands in
 * when the API cannot answer. If the renderer is missing or fails, or the API cannot
 * answer, the shell goes out instead and the browser renders as before. The shell itself says, per
 * page, what to do when JavaScript is off (its <noscript>, filled in from the renderer).
 */
export const staticPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: YEAR * 1000,
    serveDotFiles: false,
    // Helmet's same-origin policy would break every photo on a front end hosted elsewhere
    // (WEB_ORIGINS) or a CDN's page: these are public pictures behind unguessable names, fetched
    // without cookies (docs/decisions/0018-absolute-image-urls-and-cross-origin-photos.md).
    // X-Content-Type-Options: nosniff stays.
    setHeaders(res) {
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });

  const webDist = config.webDistDir;
  const haveWeb = existsSync(path.join(webDist, 'index.html'));
  if (haveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // .vite (the build manifest) and .server (the server renderer) are the build's, not the site's.
      dotfiles: 'ignore',
      // `/` itself is the directory: without an index a client that sends no Accept-Encoding got 403.
      index: ['home.html', 'index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', `public, max-age=${YEAR}, immutable`);
        } else if (/\.(webp|avif|png|jpe?g|svg)$/.test(filePath)) {
          // public/ images keep their names across deploys: a day fresh, then revalidated in the background.
          res.header('cache-control', `public, max-age=${DAY}, stale-while-revalidate=${7 * DAY}`);
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const acceptsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
  /** The device's own switch (the profile's, a cookie) wins over the browser's `Save-Data` header. */
  const saveData = (request: FastifyRequest) => {
    const chosen = /(?:^|;\s*)data_saver=(on|off)\b/.exec(request.headers.cookie ?? '')?.[1];
    if (chosen) return chosen === 'on';
    return request.headers['save-data']?.toString().toLowerCase() === 'on';
  };
  /**
   * A request with `Save-Data: on` gets a page marked so: the app then loads photos only when tapped
   * (apps/web/src/lib/data-saver.ts), from its first paint and through hydration.
   */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: number, html: string) =>
    // Compressed by the compress plugin (securityPlugin), like every other answer.
    reply
      .status(status)
      .header('cache-control', 'no-cache')
      .header('vary', 'Save-Data, Cookie')
      .type('text/html; charset=utf-8')
      .send(saveData(request) ? html.replace(/<html\b/, '<html data-save-data') : html);

  const renderer = haveWeb ? await loadRenderer(app, webDist) : undefined;
  // Read on each request, as sendFile did: a rebuild (vite build --watch) changes its asset names.
  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const shell = await readFile(path.join(webDist, 'index.html'), 'utf8');
    let notice = '';
    try {
      notice = renderer?.noscriptNotice(request.url) ?? '';
    } catch (err) {
      request.log.warn({ err }, 'no JavaScript-off notice for this page');
    }
    return sendPage(
      request,
      reply,
      200,
      shell.replace('<!--app-noscript-->', () => notice),
    );
  };
  for (const route of renderer?.serverRenderedPaths ?? []) {
    app.get(route, async (request, reply) => {
      if (!acceptsHtml(request)) return reply.callNotFound();
      let page: { status: number; html: string } | null = null;
      try {
        page = await renderer!.render(
          request.url,
          async (apiPath) => {
            const res = await app.inject({
              method: 'GET',
              url: `/api${apiPath}`,
              headers: { accept: 'application/json' },
            });
            const json = (res.headers['content-type'] ?? '').toString().includes('application/json');
            return { status: res.statusCode, body: json ? res.json() : undefined };
          },
          { saveData: saveData(request) },
        );
      } catch (err) {
        request.log.warn({ err }, 'server rendering failed; sending the shell');
      }
      if (page === null) {
        // `/` without its live cards is still better as the page rendered at build time than as the shell.
        const home = path.join(webDist, 'home.html');
        if (route === '/' && existsSync(home))
          return sendPage(request, reply, 200, await readFile(home, 'utf8'));
        return sendShell(request, reply);
      }
      return sendPage(request, reply, page.status, page.html);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/uploads/') &&
      !url.startsWith('/assets/') &&
      acceptsHtml(request);
    if (wantsPage && haveWeb) return sendShell(request, reply);
    const method = request.method;
    throw new AppError(404, `Nothing here: ${method} ${url.split('?')[0]}`);
  });
});

/** The web build's server renderer, if this build has one; a broken one is logged and skipped. */
async function loadRenderer(app: FastifyInstance, webDist: string): Promise<ServerRenderer | undefined> {
  const file = path.join(webDist, '.server', 'entry-server.mjs');
  if (!existsSync(file)) return undefined;
  try {
    const mod = (await import(pathToFileURL(file).href)) as Partial<ServerRenderer>;
    if (
      typeof mod.render !== 'function' ||
      typeof mod.noscriptNotice !== 'function' ||
      !Array.isArray(mod.serverRenderedPaths)
    ) {
      throw new Error('it does not export render, noscriptNotice and serverRenderedPaths');
    }
    return mod as ServerRenderer;
  } catch (err) {
    app.log.warn({ err, file }, 'cannot load the server renderer; every page is rendered in the browser');
    return undefined;
  }
}
