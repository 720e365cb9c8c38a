import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, mockFetch } from '../../../testing/dom.ts';
import { ReminderSettingsForm } from './reminder-settings-form.tsx';

// The form loads the contract's checks on demand; load them once up front so a slow first import
// cannot outlast a test (and its request land in the next one).
beforeAll(async () => {
  await import('@studynest/contracts');
  // The machines running these share their cores: give the first render time to settle.
  configure({ asyncUtilTimeout: 5000 });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stored = {
  reminder_days_before: [30, 7, 1, 0],
  overdue_days_after: [1, 7, 14],
  reminder_sms: true,
  inspection_cancel_hours: 24,
  paperwork_required_for_rent: false,
  document_retention_days: 90,
};

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ReminderSettingsForm settings={stored} />
    </QueryClientProvider>,
  );
  return {
    before: screen.getByLabelText('Reminder days before the due date') as HTMLInputElement,
    after: screen.getByLabelText('Overdue notice days after the due date') as HTMLInputElement,
    texts: screen.getByRole('switch', { name: 'Also send texts' }),
    save: () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })),
  };
}

describe('Reminder settings form', () => {
  it('shows the stored days and sends what was typed as lists of numbers', async () => {
    const saved = {
      reminder_days_before: [60, 3],
      overdue_days_after: [2],
      reminder_sms: false,
      inspection_cancel_hours: 24,
      paperwork_required_for_rent: true,
      document_retention_days: 90,
    };
    const { calls } = mockFetch({ status: 200, body: saved });
    const form = renderForm();
    expect(form.before.value).toBe('30, 7, 1, 0');
    expect(form.after.value).toBe('1, 7, 14');
    expect(form.texts.getAttribute('aria-checked')).toBe('true');

    fireEvent.change(form.before, { target: { value: ' 3,60 ' } });
    fireEvent.change(form.after, { target: { value: '2' } });
    fireEvent.click(form.texts);
    fireEvent.click(
      screen.getByRole('switch', {
        name: 'Require approved documents and a signed tenancy agreement before rent can be paid',
      }),
    );
    form.save();
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'PUT', path: '/admin/settings', body: { ...saved, reminder_days_before: [3, 60] } },
    ]);
    // The form shows what the server kept (furthest ahead first).
    expect(form.before.value).toBe('60, 3');
    expect(form.texts.getAttribute('aria-checked')).toBe('false');
  });

  it("says what is wrong in the contract's words and sends nothing", async () => {
    const { calls } = mockFetch();
    const form = renderForm();
    fireEvent.change(form.before, { target: { value: '7, soon' } });
    fireEvent.change(form.after, { target: { value: '1 2 3 4 5 6 7 8 9' } });
    form.save();
    // Each message names what was typed and what is allowed.
    expect(await screen.findByText("'soon' is not a number of days; use 0–365")).toBeTruthy();
    expect(screen.getByText('Overdue notice days: 9 days given; use at most 8')).toBeTruthy();
    expect(form.before.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(form.before, { target: { value: '7, 7.5' } });
    fireEvent.change(form.after, { target: { value: '0' } });
    form.save();
    expect(await screen.findByText('7.5 is not a whole number of days; use 0–365')).toBeTruthy();
    expect(screen.getByText('0 days is too few; use 1–365')).toBeTruthy();
    // Beside the field: the input's description reads it.
    const described = (form.after.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('0 days is too few; use 1–365');
    expect(calls).toEqual([]);
  });

  it('keeps files for a number of days the contract allows, and says so when it does not', async () => {
    const { calls } = mockFetch();
    renderForm();
    const days = screen.getByLabelText('Days files are kept after a tenancy ends') as HTMLInputElement;
    expect(days.value).toBe('90');
    // The hint names both kinds of file the setting deletes.
    const hint = days
      .getAttribute('aria-describedby')
      ?.split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(hint).toContain('repair requests');
    expect(hint).toContain("a student's documents");
    fireEvent.change(days, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('10 days is too few; use 30–3650')).toBeTruthy();
    fireEvent.change(days, { target: { value: 'forever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText("'forever' is not a number of days; use 30–3650")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("puts the server's reason under the list it is about, or shows its message", async () => {
    mockFetch(
      {
        status: 400,
        body: apiError(400, '0 days is too few; use 1–365', {
          fields: { 'overdue_days_after.1': '0 days is too few; use 1–365' },
        }),
      },
      { status: 403, body: apiError(403, 'Only admins can do this') },
    );
    const form = renderForm();
    form.save();
    expect(await screen.findByText('0 days is too few; use 1–365')).toBeTruthy();
    expect(form.after.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();

    form.save();
    expect((await screen.findByRole('alert')).textContent).toBe('Only admins can do this');
  });
});
