import * as z from 'zod/mini';
import { isCalendarDate } from './calendar.ts';
import { isReportableDate, REPORT_FIRST_DATE, REPORT_MAX_DAYS, reportLastDate } from './report-dates.ts';

/*
 * The period every report and CSV export is asked for, alone in its file so the web's period form
 * loads just this (and zod) as its resolver.
 */

const SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A date of the period: written YYYY-MM-DD, within the reportable range, and a real day. */
const periodDate = (name: 'from' | 'to') =>
  z.string({ error: `${name} is required (YYYY-MM-DD)` }).check(
    z.refine((v) => SHAPE.test(v), { error: `${name} must be a date written YYYY-MM-DD` }),
    z.refine((v) => !SHAPE.test(v) || isReportableDate(v), {
      error: () => `${name} must be between ${REPORT_FIRST_DATE} and ${reportLastDate()}`,
    }),
    z.refine((v) => !SHAPE.test(v) || !isReportableDate(v) || isCalendarDate(v), {
      error: `${name} must be a real date written YYYY-MM-DD`,
    }),
    z.describe(`A Lagos date, YYYY-MM-DD, from ${REPORT_FIRST_DATE} to 31 December of next year`),
  );

const usable = (date: string) => isReportableDate(date) && isCalendarDate(date);

const daysApart = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both Lagos calendar dates and both included. */
export const ReportPeriodSchema = z.object({ from: periodDate('from'), to: periodDate('to') }).check(
  z.refine((p) => !usable(p.from) || !usable(p.to) || p.from <= p.to, {
    error: 'to must be on or after from',
    path: ['to'],
  }),
  z.refine((p) => !usable(p.from) || !usable(p.to) || daysApart(p.from, p.to) < REPORT_MAX_DAYS, {
    error: `A period can be at most ${REPORT_MAX_DAYS} days long`,
    path: ['to'],
  }),
);
export type ReportPeriodInput = z.input<typeof ReportPeriodSchema>;
export type ReportPeriod = z.output<typeof ReportPeriodSchema>;
