import { IdParamsSchema } from '@studynest/contracts';
import { SavedCreateSchema, SavedItemSchema, SavedUpdateSchema } from '@studynest/contracts/saved';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorAnswers } from '../../lib/route-options.ts';
import { listSaved, removeSaved, saveItem, updateSaved } from './saved.service.ts';

/** A student's saved hostels and searches (docs/domain.md, "Saved hostels and searches"). */
export const savedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/saved',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['saved'],
        summary: 'Her saved hostels and searches, newest first',
        response: { 200: z.array(SavedItemSchema), ...errorAnswers(401) },
      },
    },
    async (request) => listSaved(deps, (await request.requireUser()).id),
  );

  app.post(
    '/saved',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['saved'],
        summary: 'Save a hostel or a search, to be told when a room it matches can be booked',
        description:
          "`hostel_id`, or `search` (the search page's query string, checked as GET /hostels checks it); `channel` email (default) or sms. 201 when new; 200 with the saved item when it was saved already (the channel is updated).",
        body: SavedCreateSchema,
        response: { 200: SavedItemSchema, 201: SavedItemSchema, ...errorAnswers(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { item, created } = await saveItem(deps, (await request.requireUser()).id, request.body);
      return reply.code(created ? 201 : 200).send(item);
    },
  );

  app.patch(
    '/saved/:id',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['saved'],
        summary: "Choose where a saved item's alerts go (email or sms)",
        params: IdParamsSchema,
        body: SavedUpdateSchema,
        response: { 200: SavedItemSchema, ...errorAnswers(400, 401, 404) },
      },
    },
    async (request) =>
      updateSaved(deps, (await request.requireUser()).id, request.params.id, request.body.channel),
  );

  app.delete(
    '/saved/:id',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['saved'],
        summary: 'Remove a saved hostel or search',
        params: IdParamsSchema,
        response: { 204: z.null(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await removeSaved(deps, (await request.requireUser()).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
