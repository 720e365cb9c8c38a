import { DEFAULT_SETTINGS } from '@studynest/contracts';
import { describe, expect, it } from 'vitest';
import { testAppWith } from '../../../test/build-test-app.ts';
import { send } from '../../../test/requests.ts';

describe('admin settings', () => {
  const { t, admin } = testAppWith({ admin: { role: 'admin' } });

  const put = (payload: Record<string, unknown>) => send(t, admin, 'PUT', '/api/admin/settings', payload);
  const get = () => send(t, admin, 'GET', '/api/admin/settings');

  it('starts from the defaults: a month, a week and a day ahead, the day itself', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps what an admin saves, days sorted the way people read them', async () => {
    const saved = await put({
      reminder_days_before: [7, 60, 0],
      overdue_days_after: [10, 2],
      reminder_sms: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      reminder_days_before: [60, 7, 0],
      overdue_days_after: [2, 10],
      reminder_sms: false,
      inspection_cancel_hours: 24,
    };
    expect(saved.json()).toEqual(expected);
    expect((await get()).json()).toEqual(expected);
  });

  it('keeps the inspection cancellation window, shown on the terms page', async () => {
    const saved = await put({
      reminder_days_before: [7],
      overdue_days_after: [1],
      reminder_sms: true,
      inspection_cancel_hours: 48,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ inspection_cancel_hours: 48 });
    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.json()).toMatchObject({ inspectionCancelHours: 48 });
  });

  it.each([
    [{ reminder_days_before: [400], overdue_days_after: [1], reminder_sms: true }, 'between 0 and 365'],
    [{ reminder_days_before: [7, 7], overdue_days_after: [1], reminder_sms: true }, 'each day at most once'],
    [{ reminder_days_before: [1.5], overdue_days_after: [1], reminder_sms: true }, 'whole days'],
    [{ reminder_days_before: [1], overdue_days_after: [0], reminder_sms: true }, 'between 1 and 365'],
    [{ reminder_days_before: [1], overdue_days_after: [1] }, 'reminder_sms'],
    [
      {
        reminder_days_before: [1],
        overdue_days_after: [1],
        reminder_sms: true,
        inspection_cancel_hours: 200,
      },
      'between 0 and 168 hours',
    ],
  ])('refuses %j with a 400 that says what is wrong', async (payload, message) => {
    const before = (await get()).json();
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await get()).json()).toEqual(before);
  });
});
