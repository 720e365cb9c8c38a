import type { Profile } from '@studynest/contracts';
import { LATE_PART_TERMS } from '@studynest/contracts/rent-plan-terms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentPaid, hostel, profile, rentDetails, twoPartsYear } from '../../../testing/fixtures.ts';
import { checkAmount, RentParts, RentPlanChooser, RentPlanPage } from './rent-plan-pay.tsx';

afterEach(cleanup);

const open = { closedBecause: null, closedId: 'closed', busy: false };

describe('RentPlanChooser', () => {
  it('offers the full year or the plan, each part with its amount and due date, in a labelled group', () => {
    const onPay = vi.fn();
    render(
      <RentPlanChooser
        plan="two_parts"
        yearRent={650_001}
        start="2026-11-27"
        label="Pay Rent"
        onPay={onPay}
        {...open}
      />,
    );
    const group = screen.getByRole('group', { name: "How do you want to pay this year's rent?" });
    const [full, parts] = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(full?.checked).toBe(true);
    expect(full?.closest('label')?.textContent).toBe('Full year: ₦650,001 now');
    // splitRent: 40% rounded down, the first part takes what rounding left over.
    expect(parts?.closest('label')?.textContent).toBe(
      '2 parts: 60% at move-in, 40% within 4 monthsPart 1: ₦390,001 nowPart 2: ₦260,000, due by 27 Mar 2027',
    );
    expect(screen.getByText(LATE_PART_TERMS)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay Rent: ₦650,001' }));
    expect(onPay).toHaveBeenLastCalledWith('full');
    fireEvent.click(parts!);
    fireEvent.click(screen.getByRole('button', { name: 'Pay Rent: ₦390,001' }));
    expect(onPay).toHaveBeenLastCalledWith('two_parts');
  });

  it('keeps the button, disabled and explained, while paying is closed', () => {
    render(
      <RentPlanChooser
        plan="three_parts"
        yearRent={900_000}
        start="2027-01-10"
        label="Renew Rent"
        onPay={vi.fn()}
        closedBecause="Renewal opens on 11 Nov 2026."
        closedId="why"
        busy={false}
      />,
    );
    const button = screen.getByRole('button', { name: 'Renew Rent: ₦900,000' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('why');
    expect(screen.getByText(/Part 3:/).textContent).toBe('Part 3: ₦270,000, due by 10 Sept 2027');
  });
});

describe('RentParts', () => {
  it('lists each part with its status in words, what is paid, and the next part to pay', () => {
    const onPay = vi.fn();
    render(<RentParts state={twoPartsYear({ status: 'upcoming' })} onPay={onPay} {...open} />);
    expect(screen.getByText(/Paid/, { selector: 'p' }).textContent).toBe(
      '2 parts: 60% at move-in, 40% within 4 months. Paid ₦390,000 of ₦650,000; ₦260,000 left.',
    );
    const rows = Array.from(document.querySelectorAll('tbody tr'), (tr) => tr.textContent);
    expect(rows).toEqual(['1 of 2₦390,00010 Jan 2026Paid', '2 of 2₦260,00010 May 2026Upcoming']);
    expect(screen.getByText('Next: part 2 of 2, due by 10 May 2026.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₦260,000 (part 2 of 2)' }));
    expect(onPay).toHaveBeenCalledWith(260_000);
    // The next part is all that is left: no other amount to offer.
    expect(screen.queryByText('Pay a different amount')).toBeNull();
  });

  it('says what is paid of a part paid in part, and asks for the rest of it', () => {
    render(
      <RentParts state={twoPartsYear({ paid: 60_000, status: 'part_paid' })} onPay={vi.fn()} {...open} />,
    );
    expect(document.querySelectorAll('tbody tr')[1]?.textContent).toBe(
      '2 of 2₦260,00010 May 2026Part paid₦60,000 paid',
    );
    expect(screen.getByRole('button', { name: 'Pay ₦200,000 (part 2 of 2)' }).className).toContain(
      'btn-primary',
    );
  });

  it('says a late part is late, in words and in a style that stands out', () => {
    render(<RentParts state={twoPartsYear({ paid: 60_000, status: 'late' })} onPay={vi.fn()} {...open} />);
    expect(screen.getByText('Late').className).toContain('badge-danger');
    expect(screen.getByText('Part 2 is late: it was due by 10 May 2026.').className).toContain(
      'text-danger-700',
    );
    // The balance of the part, not its whole amount.
    expect(screen.getByRole('button', { name: 'Pay ₦200,000 (part 2 of 2)' }).className).toContain(
      'btn-danger',
    );
  });

  it('lets her pay more than the next part, up to what is left, checking the amount first', () => {
    const onPay = vi.fn();
    render(
      <RentParts
        state={{
          plan: 'three_parts',
          label: '3 parts',
          year_rent: 900_000,
          parts: [
            { number: 1, amount: 360_000, due_on: '2026-11-27', paid: 0, status: 'due' },
            { number: 2, amount: 270_000, due_on: '2027-03-27', paid: 0, status: 'upcoming' },
            { number: 3, amount: 270_000, due_on: '2027-07-27', paid: 0, status: 'upcoming' },
          ],
          paid: 0,
          outstanding: 900_000,
          next: { number: 1, amount: 360_000, due_on: '2026-11-27' },
          max_payable: 900_000,
        }}
        onPay={onPay}
        {...open}
      />,
    );
    const input = screen.getByLabelText('Amount to pay (₦)') as HTMLInputElement;
    const submit = screen.getByRole('button', { name: 'Pay this amount' });
    const tryAmount = (text: string) => {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.click(submit);
    };

    tryAmount('100,000');
    const range = "Pay between ₦360,000 (part 1 of 3) and ₦900,000 (all that is left of this year's rent).";
    expect(screen.getByText(range)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    tryAmount('1,000,000');
    expect(screen.getByText(range)).toBeTruthy();
    expect(input.value).toBe('1,000,000');
    tryAmount('abc');
    expect(screen.getByText('Amount must be a number of naira, like 100,000')).toBeTruthy();
    expect(onPay).not.toHaveBeenCalled();

    tryAmount('₦630,000');
    expect(onPay).toHaveBeenCalledWith(630_000);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a paid year without anything to pay', () => {
    render(<RentParts state={twoPartsYear({ paid: 260_000 })} onPay={vi.fn()} {...open} />);
    expect(screen.getAllByText('Paid', { selector: 'span' })).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('checkAmount', () => {
  it('accepts the bounds themselves', () => {
    const range = { min: 360_000, max: 900_000, part: 1, of: 3 };
    expect(checkAmount('360000', range)).toEqual({ amount: 360_000 });
    expect(checkAmount('900,000', range)).toEqual({ amount: 900_000 });
    expect(checkAmount('359,999', range)).toHaveProperty('problem');
    expect(checkAmount('', range)).toEqual({ problem: 'Amount is required' });
  });
});

describe('RentPlanPage', () => {
  const student = (rent: Profile['rentDetails']): Profile => ({
    ...profile,
    hostel,
    agentFeePayment: { ...agentPaid, booking_status: 'inspected' },
    rentDetails: rent,
  });
  const renderPage = (p: Profile) =>
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RentPlanPage profile={p} roomPlan="two_parts" />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('shows the running year’s parts, and no choice of plan until they are paid', () => {
    renderPage(student(rentDetails({ plan: twoPartsYear() })));
    expect(screen.getByRole('heading', { name: "This year's rent" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay ₦260,000 (part 2 of 2)' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers the same plan for the next year once this one is paid, its parts counted from the due date', () => {
    const paid = twoPartsYear({ paid: 260_000 });
    renderPage(student(rentDetails({ plan: paid })));
    expect(screen.getByRole('heading', { name: "This year's rent: paid" })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Next year' })).toBeTruthy();
    // The renewed year starts when this one ends (10 Jan 2027).
    expect(Array.from(document.querySelectorAll('form li'), (li) => li.textContent)).toEqual([
      'Part 1: ₦390,000 now',
      'Part 2: ₦260,000, due by 10 May 2027',
    ]);
    expect(screen.getByRole('button', { name: 'Renew Rent: ₦650,000' })).toBeTruthy();
  });

  it('offers the choice for a first rent', () => {
    renderPage(student(null));
    expect(screen.getByRole('heading', { name: "This year's rent" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay Rent: ₦650,000' })).toBeTruthy();
  });
});
