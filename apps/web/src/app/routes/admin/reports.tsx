import type { ReportPeriod } from '@studynest/contracts';
import { formatLagosDate, formatNaira } from '@studynest/contracts/format';
import { isReportableDate } from '@studynest/contracts/report-dates';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ArrearsTable } from '../../../features/arrears/components/arrears-table.tsx';
import { reportsQueries } from '../../../features/reports/api/reports-queries.ts';
import { CsvDownloads } from '../../../features/reports/components/csv-downloads.tsx';
import { FunnelSection } from '../../../features/reports/components/funnel-section.tsx';
import { OccupancySection } from '../../../features/reports/components/occupancy-section.tsx';
import { type PeriodPreset, presetPeriod } from '../../../features/reports/components/period.ts';
import { PeriodPicker } from '../../../features/reports/components/period-picker.tsx';
import { RefundsSection } from '../../../features/reports/components/refunds-section.tsx';
import { ReportPanel } from '../../../features/reports/components/report-panel.tsx';
import { Figure, RevenueSection } from '../../../features/reports/components/revenue-section.tsx';
import { todayInLagos } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the address (`?from=&to=` for a custom one, `?period=this-month`), last 12 months by default. */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const today = todayInLagos();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  // Dates the API would refuse fall back to a preset, as a malformed address does.
  const custom =
    DATE.test(from) && DATE.test(to) && isReportableDate(from) && isReportableDate(to) && from <= to;
  const preset: PeriodPreset = custom
    ? 'custom'
    : params.get('period') === 'this-month'
      ? 'this-month'
      : 'last-12-months';
  const period: ReportPeriod = custom
    ? { from, to }
    : presetPeriod(preset as Exclude<PeriodPreset, 'custom'>, today);
  return {
    preset,
    period,
    choosePreset: (p: Exclude<PeriodPreset, 'custom'>) => setParams({ period: p }, { replace: true }),
    chooseCustom: (f: string, t: string) => setParams({ from: f, to: t }, { replace: true }),
  };
}

/** /admin-reports: revenue, occupancy, arrears, the booking funnel and refunds for a period, with CSV exports. */
export function Component() {
  useDocumentTitle('Reports');
  const { preset, period, choosePreset, chooseCustom } = usePeriod();
  const revenue = useQuery(reportsQueries.report('revenue', period));
  const occupancy = useQuery(reportsQueries.report('occupancy', period));
  const arrears = useQuery(reportsQueries.report('arrears', period));
  const funnel = useQuery(reportsQueries.report('funnel', period));
  const refunds = useQuery(reportsQueries.report('refunds', period));

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Reports</h1>
        <p className="text-sm text-muted">
          {formatLagosDate(period.from)} – {formatLagosDate(period.to)} · amounts in naira, dates in Lagos
          time
        </p>
      </div>
      <PeriodPicker
        key={`${preset}-${period.from}-${period.to}`}
        preset={preset}
        from={period.from}
        to={period.to}
        onPreset={choosePreset}
        onCustom={chooseCustom}
      />
      <ReportPanel
        title="Revenue"
        note="Successful payments by the month they were paid, less refunds by the month they were processed."
        query={revenue}
      >
        {(r) => <RevenueSection report={r} />}
      </ReportPanel>
      <ReportPanel title="Occupancy" note="Rooms of open hostels." query={occupancy}>
        {(r) => <OccupancySection report={r} />}
      </ReportPanel>
      <ReportPanel
        title="Booking funnel"
        note="Inspections booked in the period, and how far they went."
        query={funnel}
      >
        {(r) => <FunnelSection report={r} />}
      </ReportPanel>
      <ReportPanel title="Arrears" query={arrears}>
        {(r) => (
          <>
            <p className="text-sm text-muted">Tenants past their due date on {formatLagosDate(r.as_of)}.</p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              <Figure label="Tenants" value={String(r.tenants)} />
              <Figure label="Owed" value={formatNaira(r.amount_owed)} />
              {r.buckets.map((b) => (
                <Figure
                  key={b.days_overdue}
                  label={`${b.days_overdue} days late`}
                  value={`${b.tenants} · ${formatNaira(b.amount_owed)}`}
                />
              ))}
            </dl>
            {r.items.length > 0 && <ArrearsTable items={r.items} />}
          </>
        )}
      </ReportPanel>
      <ReportPanel title="Refunds" note="Processed in the period, by why the money was owed." query={refunds}>
        {(r) => <RefundsSection report={r} />}
      </ReportPanel>
      <section aria-labelledby="report-downloads" className="card flex flex-col gap-3">
        <h2 id="report-downloads" className="text-lg">
          Download CSV
        </h2>
        <p className="text-sm text-muted">Opens in Excel or Google Sheets; amounts are plain naira.</p>
        <CsvDownloads period={period} />
      </section>
    </section>
  );
}
