import { describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from './calendar.ts';
import { isReportableDate, REPORT_FIRST_DATE, reportLastDate, reportPeriodProblems } from './report-dates.ts';
import { ReportPeriodSchema } from './report-period.ts';

/** The first message for each field, as the API's 400 gives them. */
function problems(from: string, to: string): Record<string, string> {
  const result = ReportPeriodSchema.safeParse({ from, to });
  if (result.success) return {};
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

const last = reportLastDate();
const range = `between 2000-01-01 and ${last}`;

describe('report period bounds', () => {
  it('runs from 2000-01-01 to 31 December of next year, Lagos', () => {
    expect(REPORT_FIRST_DATE).toBe('2000-01-01');
    expect(reportLastDate('2026-11-26')).toBe('2027-12-31');
    expect(reportLastDate('2026-12-31')).toBe('2027-12-31');
    expect(last).toBe(`${Number(todayInLagos().slice(0, 4)) + 1}-12-31`);
    expect(isReportableDate('1999-12-31')).toBe(false);
    expect(isReportableDate('2000-01-01')).toBe(true);
    expect(isReportableDate(last)).toBe(true);
    expect(isReportableDate(addDays(last, 1))).toBe(false);
  });

  it('accepts both ends of the range', () => {
    expect(problems('2000-01-01', '2000-12-31')).toEqual({});
    expect(problems(addDays(last, -30), last)).toEqual({});
  });

  it('refuses a date outside it, naming the field and the range', () => {
    expect(problems('1999-12-31', '2000-01-31')).toEqual({ from: `from must be ${range}` });
    expect(problems('1899-12-31', '1900-01-31')).toEqual({
      from: `from must be ${range}`,
      to: `to must be ${range}`,
    });
    expect(problems('0001-01-01', '2000-01-31')).toEqual({ from: `from must be ${range}` });
    expect(problems('9999-01-01', '9999-12-31')).toEqual({
      from: `from must be ${range}`,
      to: `to must be ${range}`,
    });
    expect(problems(last, addDays(last, 1))).toEqual({ to: `to must be ${range}` });
  });

  it('keeps the other rules: written YYYY-MM-DD, a real day, in order, at most 731 days', () => {
    expect(problems('01/01/2026', '2026-03-31')).toEqual({ from: 'from must be a date written YYYY-MM-DD' });
    expect(problems('2026-01-01', '')).toEqual({ to: 'to must be a date written YYYY-MM-DD' });
    expect(problems('2026-02-29', '2026-03-31')).toEqual({
      from: 'from must be a real date written YYYY-MM-DD',
    });
    expect(problems('2024-02-29', '2024-03-31')).toEqual({});
    expect(problems('2026-03-01', '2026-02-01')).toEqual({ to: 'to must be on or after from' });
    expect(problems('2020-01-01', '2022-01-01')).toEqual({ to: 'A period can be at most 731 days long' });
    expect(problems('2020-01-01', '2021-12-31')).toEqual({});
    // An out-of-range date is reported alone, not also as out of order.
    expect(problems('2026-03-01', '1999-02-01')).toEqual({ to: `to must be ${range}` });
  });
});

describe('reportPeriodProblems (the same rules without zod, for the web form)', () => {
  it('says what the schema says, field by field', () => {
    const cases: [string, string][] = [
      ['1999-12-31', '2000-01-31'],
      ['9999-01-01', '9999-12-31'],
      ['01/01/2026', ''],
      ['2026-02-29', '2026-03-31'],
      ['2026-03-01', '2026-02-01'],
      ['2020-01-01', '2022-01-01'],
      ['2026-03-01', '1999-02-01'],
      ['2026-01-01', '2026-03-31'],
    ];
    for (const [from, to] of cases)
      expect(reportPeriodProblems(from, to), `${from} ${to}`).toEqual(problems(from, to));
  });
});
