import * as z from 'zod/mini';
import { REPORT_FIRST_DATE, reportDateProblem, reportPeriodProblem } from './report-dates.ts';

/** A date of the period: written YYYY-MM-DD, within the reportable range, and a real day. */
const periodDate = (name: 'from' | 'to') =>
  z.string({ error: `${name} is required (YYYY-MM-DD)` }).check(
    z.refine((v) => reportDateProblem(name, v) === null, {
      error: (issue) => reportDateProblem(name, String(issue.input)) ?? undefined,
    }),
    z.describe(`A Lagos date, YYYY-MM-DD, from ${REPORT_FIRST_DATE} to 31 December of next year`),
  );

const goodDates = (p: { from: string; to: string }) =>
  reportDateProblem('from', p.from) === null && reportDateProblem('to', p.to) === null;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both Lagos calendar dates and both included. */
export const ReportPeriodSchema = z.object({ from: periodDate('from'), to: periodDate('to') }).check(
  z.refine((p) => !goodDates(p) || reportPeriodProblem(p.from, p.to) === null, {
    error: (issue) => {
      const p = issue.input as { from: string; to: string };
      return reportPeriodProblem(p.from, p.to) ?? undefined;
    },
    path: ['to'],
  }),
);
export type ReportPeriodInput = z.input<typeof ReportPeriodSchema>;
export type ReportPeriod = z.output<typeof ReportPeriodSchema>;
