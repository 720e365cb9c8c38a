import {
  ArrearsReportSchema,
  type ExportKind,
  FunnelReportSchema,
  OccupancyReportSchema,
  RefundsReportSchema,
  type ReportKind,
  type ReportPeriod,
  ReportPeriodSchema,
  RevenueReportSchema,
} from '@studynest/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Deps } from '../../deps.ts';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { arrearsExport } from './arrears.export.ts';
import { arrearsReport } from './arrears.report.ts';
import { bookingsExport } from './bookings.export.ts';
import { type CsvExport, csvStream } from './csv.ts';
import { funnelReport } from './funnel.report.ts';
import { occupancyReport } from './occupancy.report.ts';
import { paymentsExport } from './payments.export.ts';
import { refundsExport } from './refunds.export.ts';
import { refundsReport } from './refunds.report.ts';
import { revenueReport } from './revenue.report.ts';
import { tenantsExport } from './tenants.export.ts';

type ReportDefinition = {
  summary: string;
  schema: z.ZodMiniType;
  build: (deps: Pick<Deps, 'db'>, period: ReportPeriod) => Promise<unknown>;
};

/** Each report: what it answers and how it is built (docs/domain.md, "Reports"). */
const REPORTS: Record<ReportKind, ReportDefinition> = {
  revenue: {
    summary:
      'Money received by Lagos month, agent fees and rent apart, less refunds, and what awaits a refund',
    schema: RevenueReportSchema,
    build: revenueReport,
  },
  occupancy: {
    summary: 'Rooms available, booked and rented per open hostel and overall, and rented at each month end',
    schema: OccupancyReportSchema,
    build: occupancyReport,
  },
  arrears: {
    summary: "Tenants past due at the period's end: how many, how much, how long overdue",
    schema: ArrearsReportSchema,
    build: arrearsReport,
  },
  funnel: {
    summary: 'Inspections booked in the period, how many paid the agent fee, how many then paid rent',
    schema: FunnelReportSchema,
    build: funnelReport,
  },
  refunds: {
    summary: 'Refunds processed in the period, by why the money was owed, and those pending or failed',
    schema: RefundsReportSchema,
    build: refundsReport,
  },
};

/** Each CSV export and what it lists. */
const EXPORTS: Record<ExportKind, { summary: string; spec: CsvExport }> = {
  payments: { summary: 'Every payment started in the period (any kind and status)', spec: paymentsExport },
  tenants: { summary: 'Every tenancy running at some time in the period', spec: tenantsExport },
  bookings: { summary: 'Every inspection booked in the period', spec: bookingsExport },
  arrears: { summary: "Every tenant past due at the period's end", spec: arrearsExport },
  refunds: { summary: 'Every refund asked for in the period, with its payment', spec: refundsExport },
};

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = perAccountLimit(app.deps, 'reports');
  const exports = perAccountLimit(app.deps, 'exports');

  for (const [kind, report] of Object.entries(REPORTS)) {
    app.get(
      `/admin/reports/${kind}`,
      {
        onRequest: app.adminOnly,
        preHandler: reports,
        schema: {
          tags: ['admin'],
          summary: report.summary,
          querystring: ReportPeriodSchema,
          response: { 200: report.schema, ...errorAnswers(400, 401, 403, 429) },
        },
      },
      async (request) => report.build(app.deps, request.query),
    );
  }

  /**
   * Exports whose rows have started to go out. Their status line (200) may already be on the wire,
   * so a later failure cannot become an error answer: the connection is cut instead, and the client
   * sees a response that never finished (no final chunk) rather than a file that looks whole.
   */
  const streaming = new WeakSet<FastifyRequest>();

  for (const [kind, { summary, spec }] of Object.entries(EXPORTS)) {
    app.get(
      `/admin/exports/${kind}.csv`,
      {
        onRequest: app.adminOnly,
        preHandler: exports,
        schema: {
          tags: ['admin'],
          summary: `${summary}, as CSV (RFC 4180, UTF-8 with a BOM, streamed)`,
          querystring: ReportPeriodSchema,
          produces: ['text/csv'],
          response: {
            200: z.string().check(z.describe('A header row, then one row per record (text/csv)')),
            ...errorAnswers(400, 401, 403, 429),
          },
        },
        // Compressed, a failing stream reaches the error handler before gzip has written a byte:
        // a JSON answer then would follow the CSV's headers, so the connection is cut there too.
        errorHandler: (err, request, reply) => {
          if (!streaming.has(request)) return app.errorHandler(err, request, reply);
          reply.raw.destroy();
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        // Throws before anything is sent when the first rows cannot be read: a JSON error answer.
        const body = await csvStream(app.deps.db, spec, request.query);
        streaming.add(request);
        body.once('error', (err: NodeJS.ErrnoException) => {
          // A client that leaves mid-download closes the compressed stream early: not a failure.
          if (err.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
          request.log.error({ err, export: kind }, 'CSV export failed mid-stream: connection cut');
        });
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="studynest-${kind}-${from}-to-${to}.csv"`)
            .header('cache-control', 'private, no-store')
            // A stream is sent as it is (no serialiser runs); the schema's string only documents the body.
            .send(body as unknown as string)
        );
      },
    );
  }
};
