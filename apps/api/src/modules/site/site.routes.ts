import { DATA_EXPORT_HOURS, SiteInfoSchema } from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings } from '../settings/index.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  // Operator settings change only on restart, admin settings seldom; a few minutes of caching spares the server.
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Support contacts and notice periods shown on the help, terms and privacy pages',
        response: { 200: SiteInfoSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      const { inspection_cancel_hours, document_retention_days } = await getSettings(app.deps);
      return {
        ...app.deps.config.site,
        inspectionCancelHours: inspection_cancel_hours,
        documentRetentionDays: document_retention_days,
        dataExportHours: DATA_EXPORT_HOURS,
      };
    },
  );
};
