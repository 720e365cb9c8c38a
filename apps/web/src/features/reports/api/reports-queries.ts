import type {
  ArrearsReport,
  ExportKind,
  FunnelReport,
  OccupancyReport,
  RefundsReport,
  ReportPeriod,
  RevenueReport,
} from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client.ts';

type Answers = {
  revenue: RevenueReport;
  occupancy: OccupancyReport;
  arrears: ArrearsReport;
  funnel: FunnelReport;
  refunds: RefundsReport;
};

const periodQuery = ({ from, to }: ReportPeriod) => `from=${from}&to=${to}`;

/** Key ['reports', kind, from, to]: one admin report for a period of Lagos dates. */
export const reportsQueries = {
  report: <K extends keyof Answers>(kind: K, period: ReportPeriod) =>
    queryOptions({
      queryKey: ['reports', kind, period.from, period.to],
      queryFn: ({ signal }) => api<Answers[K]>(`/admin/reports/${kind}?${periodQuery(period)}`, { signal }),
    }),
};

/** Download one CSV export of the period with the admin's token, saved under the server's file name. */
export async function downloadExport(kind: ExportKind, period: ReportPeriod): Promise<void> {
  await apiDownload(
    `/admin/exports/${kind}.csv?${periodQuery(period)}`,
    `studynest-${kind}-${period.from}-to-${period.to}.csv`,
  );
}
