import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';

const DAY = 24 * 60 * 60;
const YEAR = 365 * DAY;

/**
 * Serves the built SPA (hashed assets immutable for a year, index.html always revalidated),
 * uploaded images under /uploads (our own unique names, so immutable too), and the history
 * fallback: any GET that accepts HTML and is not /api or a file gets index.html.
 */
export const staticPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: YEAR * 1000,
    serveDotFiles: false,
  });

  const webDist = config.webDistDir;
  const haveWeb = existsSync(path.join(webDist, 'index.html'));
  if (haveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // `/` itself is the directory: without an index a client that sends no Accept-Encoding got 403.
      index: 'index.html',
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/uploads/') &&
      !url.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && haveWeb) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDist);
    }
    const method = request.method;
    throw new AppError(404, `Nothing here: ${method} ${url.split('?')[0]}`);
  });
});
