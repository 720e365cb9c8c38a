import { AdminSettingsSchema, settingsChanges } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../lib/route-options.ts';
import { getSettings, saveSettings } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'When tenants are reminded about rent, and whether by text too',
        response: { 200: AdminSettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async () => getSettings(app.deps),
  );

  app.put(
    '/admin/settings',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Change the reminder days (0–365, at most 8 each) and whether texts are sent',
        body: AdminSettingsSchema,
        response: { 200: AdminSettingsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const before = await getSettings(app.deps);
      const saved = await saveSettings(app.deps, request.body);
      request.auditDescription = { kind: 'settings.changed', detail: settingsChanges(before, saved) };
      return saved;
    },
  );
};
