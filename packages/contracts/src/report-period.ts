import * as z from 'zod/mini';
import { reportDateProblem, reportPeriodProblem } from './report-dates.ts';

/**
 * A date of the period: written YYYY-MM-DD, within the reportable range, and a real day. The 400
 * names the range; no `z.describe` for the OpenAPI document, whose registry code would ride in
 * the schemas chunk every screen loads (it took the profile journey past its 150 KB budget).
 */
const periodDate = (name: 'from' | 'to') =>
  z.string({ error: `${name} is required (YYYY-MM-DD)` }).check(
    z.refine((v) => reportDateProblem(name, v) === null, {
      error: (issue) => reportDateProblem(name, String(issue.input)) ?? undefined,
    }),
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
