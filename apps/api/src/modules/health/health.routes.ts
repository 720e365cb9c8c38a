import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { pingDatabase } from '../../db/client.ts';
import { serviceUnavailable } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness plus a real database round trip',
        response: { 200: z.object({ status: z.literal('ok'), db: z.literal('ok') }) },
      },
    },
    async () => {
      try {
        await pingDatabase(app.deps.db);
      } catch {
        throw serviceUnavailable('The database is not answering');
      }
      return { status: 'ok' as const, db: 'ok' as const };
    },
  );
};
