import { describe, expect, it } from 'vitest';
import { type MoveOutDateContext, MoveOutSchema, moveOutDateProblem } from './move-out-requests.ts';

const ctx: MoveOutDateContext = {
  startDate: '2026-01-10',
  dueDate: '2027-01-10',
  noticeGivenOn: '2026-11-01',
  noticeDays: 30,
  today: '2026-11-20',
};

describe('moveOutDateProblem', () => {
  it('allows a day the reason allows', () => {
    expect(moveOutDateProblem(ctx, { date: '2026-11-20', reason: 'breach' })).toBeNull();
    expect(moveOutDateProblem(ctx, { date: '2026-11-01', reason: 'left_early' })).toBeNull();
    // The day before the notice runs out is the last day they can have left early.
    expect(
      moveOutDateProblem({ ...ctx, today: '2026-12-05' }, { date: '2026-11-30', reason: 'left_early' }),
    ).toBeNull();
    expect(
      moveOutDateProblem({ ...ctx, today: '2026-12-05' }, { date: '2026-12-01', reason: 'tenant_notice' }),
    ).toBeNull();
  });

  it('refuses a day after today and before the tenancy, for any reason', () => {
    expect(moveOutDateProblem(ctx, { date: '2026-11-21', reason: 'breach' })?.fields).toEqual({
      date: 'On or before 20 Nov 2026',
    });
    expect(moveOutDateProblem(ctx, { date: '2026-01-09', reason: 'breach' })?.message).toBe(
      'This tenancy started on 10 Jan 2026',
    );
  });

  it('names the reason when no notice was given', () => {
    const p = moveOutDateProblem(
      { ...ctx, noticeGivenOn: null },
      { date: '2026-11-20', reason: 'left_early' },
    );
    expect(p?.fields).toEqual({ reason: 'The tenant has not given notice' });
  });

  it('keeps tenant_notice from the end of the notice period on, and left_early before it', () => {
    const notice = moveOutDateProblem(ctx, { date: '2026-11-20', reason: 'tenant_notice' });
    expect(notice?.message).toBe(
      "The tenant's 30 days' notice runs until 1 Dec 2026: pick that day or later, or record that they left early",
    );
    expect(notice?.fields).toEqual({ date: 'On or after 1 Dec 2026' });
    expect(moveOutDateProblem(ctx, { date: '2026-10-31', reason: 'left_early' })?.fields).toEqual({
      date: 'On or after 1 Nov 2026',
    });
    const late = moveOutDateProblem(
      { ...ctx, today: '2026-12-05' },
      { date: '2026-12-01', reason: 'left_early' },
    );
    expect(late?.fields).toEqual({ reason: 'The notice had run out by then' });
    expect(late?.message).toContain('choose "Tenant gave notice"');
  });

  it('keeps lease_ended from the due date on', () => {
    expect(moveOutDateProblem(ctx, { date: '2026-11-20', reason: 'lease_ended' })?.fields).toEqual({
      date: 'On or after 10 Jan 2027',
    });
  });
});

describe('MoveOutSchema', () => {
  it('reads deductions typed in a form (numeric strings) and refuses one under ₦1', () => {
    const ok = MoveOutSchema.safeParse({
      date: '2026-11-20',
      reason: 'left_early',
      deductions: [{ description: ' Broken glass ', amount: '5000' }],
    });
    expect(ok.data?.deductions).toEqual([{ description: 'Broken glass', amount: 5000 }]);
    const bad = MoveOutSchema.safeParse({
      date: '2026-11-20',
      reason: 'breach',
      deductions: [{ description: 'x', amount: '0' }],
    });
    expect(bad.error?.issues[0]?.path).toEqual(['deductions', 0, 'amount']);
  });
});
