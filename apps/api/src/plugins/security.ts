import compress from '@fastify/compress';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env.ts';

export const securityPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // Image URLs are absolute (storage/file-storage.ts): on PUBLIC_URL, which may differ from the
  // address a page was opened at (127.0.0.1 vs localhost), or on the bucket's public URL.
  const imageOrigins = [
    ...new Set([
      new URL(config.publicUrl).origin,
      ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
    ]),
  ];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React sets style attributes (carousel offsets); no inline <style> of ours otherwise.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    // The SPA loads its own hashed assets only; cross-origin isolation would block nothing we need.
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production',
  });

  const allowed = new Set(config.trustedOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['X-Total-Count', 'Retry-After'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });

  // Weak ETags let a phone revalidate a hostel list it already has with a 304 instead of re-downloading it.
  await app.register(etag, { weak: true });

  // Small JSON answers are not worth the CPU; lists and pages are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
});
