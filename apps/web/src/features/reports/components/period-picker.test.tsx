import { REPORT_FIRST_DATE, reportLastDate } from '@studynest/contracts/report-dates';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodPicker } from './period-picker.tsx';

afterEach(cleanup);

function custom() {
  const onCustom = vi.fn();
  render(
    <PeriodPicker
      preset="last-12-months"
      from="2025-12-01"
      to="2026-11-26"
      onPreset={() => undefined}
      onCustom={onCustom}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
  const from = screen.getByLabelText('From') as HTMLInputElement;
  const to = screen.getByLabelText('To') as HTMLInputElement;
  const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show' }));
  return { onCustom, from, to, show };
}

describe('PeriodPicker', () => {
  it('offers only the dates the API accepts', () => {
    const { from, to } = custom();
    for (const input of [from, to]) {
      expect(input.min).toBe(REPORT_FIRST_DATE);
      expect(input.max).toBe(reportLastDate());
    }
    expect(from.value).toBe('2025-12-01');
  });

  it("checks a custom period with the contract's rules, on the field they concern", async () => {
    const { onCustom, from, to, show } = custom();
    fireEvent.change(from, { target: { value: '1999-12-31' } });
    show();
    expect(await screen.findByText(`from must be between 2000-01-01 and ${reportLastDate()}`)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    fireEvent.change(to, { target: { value: '2026-02-01' } });
    show();
    expect(await screen.findByText('to must be on or after from')).toBeTruthy();
    expect(onCustom).not.toHaveBeenCalled();
  });

  it('applies a valid period', async () => {
    const { onCustom, from, to, show } = custom();
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(to, { target: { value: '2026-03-31' } });
    show();
    await waitFor(() => expect(onCustom).toHaveBeenCalledWith('2026-01-01', '2026-03-31'));
  });
});
