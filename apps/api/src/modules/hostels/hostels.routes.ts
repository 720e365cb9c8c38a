import { ErrorSchema, HostelSchema, HostelSummarySchema, IdParamsSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../storage/storage.ts';
import { getHostel, listHostels } from './hostels.service.ts';

export const hostelsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    '/hostels',
    {
      schema: {
        tags: ['hostels'],
        summary: 'Open hostels, by name',
        response: { 200: z.array(HostelSummarySchema) },
      },
    },
    async () => listHostels(app.db, storage),
  );

  app.get(
    '/hostels/:id',
    {
      schema: {
        tags: ['hostels'],
        summary: 'One hostel with its photos',
        params: IdParamsSchema,
        response: { 200: HostelSchema, 404: ErrorSchema },
      },
    },
    async (request) => getHostel(app.db, storage, request.params.id),
  );
};
