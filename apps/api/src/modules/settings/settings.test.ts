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
      paperwork_required_for_rent: false,
      document_retention_days: 90,
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

  it('keeps whether paperwork is required before rent, and logs the change in words', async () => {
    const current = (await get()).json();
    const saved = await put({ ...current, paperwork_required_for_rent: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get()).json()).toMatchObject({ paperwork_required_for_rent: true });
    const log = await send(t, admin, 'GET', '/api/admin/audit?kind=settings.changed');
    expect(log.json()[0].summary).toBe('Changed the settings: paperwork required before rent off → on');
    await put({ ...current, paperwork_required_for_rent: false });
  });

  const base = { reminder_days_before: [7], overdue_days_after: [1], reminder_sms: true };

  // Each kind of field the settings hold (lists of days, hours, a yes/no): the 400 names the value
  // sent and the range allowed, under the field it belongs to, and nothing is saved.
  it.each([
    [
      'a day that is a word',
      { reminder_days_before: [30, 'seven'] },
      'reminder_days_before.1',
      "'seven' is not a number of days; use 0–365",
    ],
    [
      'too many days ahead',
      { reminder_days_before: [400] },
      'reminder_days_before.0',
      '400 days is too many; use 0–365',
    ],
    [
      'a fraction of a day',
      { reminder_days_before: [1.5] },
      'reminder_days_before.0',
      '1.5 is not a whole number of days; use 0–365',
    ],
    [
      'a negative day',
      { reminder_days_before: [-2] },
      'reminder_days_before.0',
      '-2 days is too few; use 0–365',
    ],
    [
      'a day given twice',
      { reminder_days_before: [7, 7] },
      'reminder_days_before',
      'Reminder days: 7 is given twice; give each day once',
    ],
    [
      'more than eight days',
      { reminder_days_before: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      'reminder_days_before',
      'Reminder days: 9 days given; use at most 8',
    ],
    [
      'days as one string',
      { reminder_days_before: '30, 7' },
      'reminder_days_before',
      "Reminder days: '30, 7' is not a list of days; give up to 8 days, each 0–365",
    ],
    [
      'no reminder days at all',
      { reminder_days_before: undefined },
      'reminder_days_before',
      'Reminder days: missing; give up to 8 days, each 0–365',
    ],
    [
      'an overdue notice on the due date',
      { overdue_days_after: [0] },
      'overdue_days_after.0',
      '0 days is too few; use 1–365',
    ],
    [
      'texts as a word',
      { reminder_sms: 'yes' },
      'reminder_sms',
      "Also send texts (reminder_sms): 'yes' is not true or false; use true or false",
    ],
    [
      'texts left out',
      { reminder_sms: undefined },
      'reminder_sms',
      'Also send texts (reminder_sms): missing; use true or false',
    ],
    [
      'a cancellation window past a week',
      { inspection_cancel_hours: 200 },
      'inspection_cancel_hours',
      '200 hours is too many; use 0–168',
    ],
    [
      'a cancellation window in words',
      { inspection_cancel_hours: 'two' },
      'inspection_cancel_hours',
      "'two' is not a number of hours; use 0–168",
    ],
    [
      'a cancellation window of half hours',
      { inspection_cancel_hours: 2.5 },
      'inspection_cancel_hours',
      '2.5 is not a whole number of hours; use 0–168',
    ],
    [
      'paperwork required as a word',
      { paperwork_required_for_rent: 'yes' },
      'paperwork_required_for_rent',
      "Require approved documents and a signed tenancy agreement before rent can be paid (paperwork_required_for_rent): 'yes' is not true or false; use true or false",
    ],
    [
      'files kept for less than a month',
      { document_retention_days: 7 },
      'document_retention_days',
      '7 days is too few; use 30–3650',
    ],
  ])('refuses %s with a 400 naming the value and the range', async (_what, change, field, message) => {
    const before = (await get()).json();
    const res = await put({ ...base, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
    expect(res.json().message).toContain(message);
    expect((await get()).json()).toEqual(before);
  });
});
