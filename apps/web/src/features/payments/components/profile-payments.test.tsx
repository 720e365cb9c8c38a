import type { PaymentDetail, Profile } from '@studynest/contracts';
import { COLLECT_KEY_LINE } from '@studynest/contracts/receipt';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agentPaid,
  hostel,
  placement,
  profile,
  rentDetails,
  room,
  twoPartsYear,
} from '../../../testing/fixtures.ts';
import { PaymentDetails } from './payment-details.tsx';
import { buildReceipt } from './receipt-content.ts';
import { RentDetails } from './rent-details.tsx';

const base = profile;

afterEach(cleanup);

const renderWithQuery = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('PaymentDetails', () => {
  it('renders nothing without an agent-fee payment', () => {
    const { container } = renderWithQuery(<PaymentDetails profile={base} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows Agent Fee Paid, Caution Fee Waiting with Pay and Rent Fee Waiting... before rent is paid', () => {
    renderWithQuery(<PaymentDetails profile={{ ...base, agentFeePayment: agentPaid, hostel }} canPay />);
    const rows = Array.from(document.querySelectorAll('tbody tr'), (tr) => tr.textContent);
    expect(rows).toEqual([
      'Agent Fee₦65,000Paid',
      'Caution Fee₦50,000Waiting...Pay',
      'Rent Fee₦650,000Waiting...',
    ]);
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the caution fee Paid without a button once its payment succeeded, and no button for others', () => {
    const { unmount } = renderWithQuery(
      <PaymentDetails
        profile={{
          ...base,
          agentFeePayment: agentPaid,
          cautionFeePayment: { status: 'success', amount: 50_000, reference: 'SN-CF-1' },
        }}
        canPay
      />,
    );
    expect(document.querySelectorAll('tbody tr')[1]?.textContent).toBe('Caution Fee₦50,000Paid');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    unmount();
    renderWithQuery(<PaymentDetails profile={{ ...base, agentFeePayment: agentPaid }} />);
    expect(document.querySelectorAll('tbody tr')[1]?.textContent).toBe('Caution Fee₦50,000Waiting...');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('shows waiting for an unfinished agent fee (caution fee N/A) and paid once rent is paid', () => {
    renderWithQuery(
      <PaymentDetails
        profile={{
          ...base,
          agentFeePayment: { ...agentPaid, status: 'pending' },
          roomPricePayment: { status: 'success', amount: 650_000, reference: 'SN-RR-1' },
        }}
      />,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getByText('paid')).toBeTruthy();
  });
});

describe('RentDetails', () => {
  it('renders nothing without a hostel', () => {
    const { container } = renderWithQuery(<RentDetails profile={base} />);
    expect(container.innerHTML).toBe('');
  });

  it('offers Pay Rent before the first rent payment', () => {
    renderWithQuery(<RentDetails profile={{ ...base, hostel, agentFeePayment: agentPaid }} />);
    expect((screen.getByRole('button', { name: 'Pay Rent' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Not started yet')).toBeTruthy();
    expect(screen.getByText('₦650,000')).toBeTruthy();
  });

  it('shows start date, due date and the real days left, and offers Renew Rent to a tenant', () => {
    renderWithQuery(
      <RentDetails
        profile={{
          ...base,
          hostel,
          agentFeePayment: agentPaid,
          roomPricePayment: { status: 'success', amount: 650_000, reference: 'SN-RR-1' },
          rentDetails: rentDetails(),
        }}
      />,
    );
    const cell = (label: string) =>
      Array.from(document.querySelectorAll('tbody tr')).find((tr) => tr.textContent?.startsWith(label)) ??
      document.body;
    expect(cell('Start date').textContent).toMatch(/10 Jan 2026/);
    expect(cell('Due date').textContent).toMatch(/10 Jan 2027/);
    expect(cell('Days left').textContent).toMatch('45 days');
    expect(cell('Apartment').textContent).toMatch('room 04');
    expect((screen.getByRole('button', { name: 'Renew Rent' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('RentDetails: rent plans', () => {
  const planned = (plan: NonNullable<Profile['rentDetails']>['plan']): Profile => ({
    ...base,
    hostel,
    agentFeePayment: { ...agentPaid, booking_status: 'inspected' },
    roomPricePayment: { status: 'success', amount: 390_000, reference: 'SN-RR-1' },
    // Closed for renewal: paying a part is not a renewal, so it stays open.
    rentDetails: rentDetails({
      countdown: 200,
      renewal: { open: false, opens_on: '2026-11-11', message: null },
      plan,
    }),
  });

  it("sends her to choose between the full year and the room's plan before the first rent", () => {
    renderWithQuery(
      <RentDetails profile={{ ...base, hostel, agentFeePayment: agentPaid }} roomPlan="two_parts" />,
    );
    expect(screen.getByText('Pay the full year or in parts.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay Rent' }).getAttribute('href')).toBe('/rent-plan');
    expect(screen.queryByRole('button', { name: 'Pay Rent' })).toBeNull();
  });

  it("shows the plan, what is paid and the next part's button instead of Renew Rent", () => {
    renderWithQuery(<RentDetails profile={planned(twoPartsYear())} roomPlan="two_parts" />);
    const row = (label: string) =>
      Array.from(document.querySelectorAll('tbody tr'), (tr) => tr.textContent).find((t) =>
        t?.startsWith(label),
      );
    expect(row('Rent plan')).toBe(
      'Rent plan2 parts: 60% at move-in, 40% within 4 months. Paid ₦390,000 of ₦650,000',
    );
    expect(row('Next part')).toBe('Next partPart 2 of 2: ₦260,000, due by 10 May 2026');
    const pay = screen.getByRole('button', { name: 'Pay ₦260,000 (part 2 of 2)' }) as HTMLButtonElement;
    // Renewal is closed, but paying a part is not a renewal.
    expect(pay.disabled).toBe(false);
    expect(screen.queryByRole('button', { name: /Renew Rent/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'All parts, or another amount' }).getAttribute('href')).toBe(
      '/rent-plan',
    );
  });

  it('says a late part is late, and asks for what is left of it', () => {
    renderWithQuery(<RentDetails profile={planned(twoPartsYear({ paid: 60_000, status: 'late' }))} />);
    const late = screen.getByText('Part 2 of 2: ₦200,000, late: it was due by 10 May 2026');
    expect(late.className).toContain('text-danger-700');
    expect(screen.getByRole('button', { name: 'Pay ₦200,000 (part 2 of 2)' }).className).toContain(
      'btn-danger',
    );
  });

  it('keeps Renew Rent closed, with its reason, once a year on a plan is paid', () => {
    const paid = planned(twoPartsYear({ paid: 260_000 }));
    renderWithQuery(<RentDetails profile={paid} roomPlan="two_parts" />);
    const renew = screen.getByRole('button', { name: 'Renew Rent' }) as HTMLButtonElement;
    expect(renew.disabled).toBe(true);
    expect(document.getElementById(renew.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Renewal opens on 11 Nov 2026.',
    );
  });
});

describe('RentDetails: renewal', () => {
  const tenant = (renewal: NonNullable<Profile['rentDetails']>['renewal']): Profile => ({
    ...base,
    hostel,
    agentFeePayment: { ...agentPaid, booking_status: 'inspected' },
    roomPricePayment: { status: 'success', amount: 650_000, reference: 'SN-RR-1' },
    rentDetails: rentDetails({ countdown: 200, renewal }),
  });

  it('keeps Renew Rent but disabled, with the reason beside it and linked to it, while renewal is closed', () => {
    const message = 'Renewal opens on 11 Nov 2026, 60 days before your rent is due on 10 Jan 2027.';
    renderWithQuery(<RentDetails profile={tenant({ open: false, opens_on: '2026-11-11', message })} />);
    const button = screen.getByRole('button', { name: 'Renew Rent' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const why = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(message);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('says when renewal opens when the server gives no message', () => {
    renderWithQuery(<RentDetails profile={tenant({ open: false, opens_on: '2026-11-11', message: null })} />);
    const button = screen.getByRole('button', { name: 'Renew Rent' });
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Renewal opens on 11 Nov 2026.',
    );
  });

  it('lets a tenant renew once it is open, with nothing to explain', () => {
    renderWithQuery(<RentDetails profile={tenant({ open: true, opens_on: '2026-11-11', message: null })} />);
    const button = screen.getByRole('button', { name: 'Renew Rent' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });
});

describe('PaymentDetails: after move-out', () => {
  const statement = (refund: NonNullable<Profile['moveOutStatement']>['refund'], deductions = 7_500) => ({
    tenancy_id: 't1',
    ...placement,
    start_date: '2026-01-10',
    moved_out_on: '2026-11-20',
    reason: 'left_early' as const,
    note: null,
    deposit_held: 50_000,
    deductions: deductions
      ? [{ description: 'Broken louvre glass', amount: deductions, condition_item: null }]
      : [],
    deductions_total: deductions,
    deposit_returned: 50_000 - deductions,
    refund,
    recorded_at: '2026-11-20T10:00:00Z',
  });
  /** A former tenant: the agent fee spent on the tenancy, rent and deposit paid, no hostel or tenancy now. */
  const former = (s: Profile['moveOutStatement']): Profile => ({
    ...base,
    agentFeePayment: { ...agentPaid, booking_status: 'inspected' },
    roomPricePayment: { status: 'success', amount: 650_000, reference: 'SN-RR-1' },
    cautionFeePayment: { status: 'success', amount: 50_000, reference: 'SN-CF-1' },
    moveOutStatement: s,
  });
  const rows = () => Array.from(document.querySelectorAll('tbody tr'), (tr) => tr.textContent);

  it('says what came back of the deposit and what was kept, with no button to pay', () => {
    renderWithQuery(
      <PaymentDetails
        profile={former(statement({ _id: 'f1', amount: 42_500, status: 'processed' }))}
        canPay
      />,
    );
    expect(rows()).toEqual([
      'Agent Fee₦65,000Paid',
      'Caution Fee₦50,000Returned ₦42,500₦7,500 kept',
      'Rent Fee₦650,000paid',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a refund is on its way until the provider has paid it, and when all of it was kept', () => {
    const { unmount } = renderWithQuery(
      <PaymentDetails
        profile={former(statement({ _id: 'f1', amount: 50_000, status: 'pending' }, 0))}
        canPay
      />,
    );
    expect(rows()[1]).toBe('Caution Fee₦50,000Refund on its way₦50,000 back');
    unmount();
    renderWithQuery(<PaymentDetails profile={former(statement(null, 50_000))} canPay />);
    expect(rows()[1]).toBe('Caution Fee₦50,000₦50,000 kept');
  });

  it('keeps Paid when the statement is for another room', () => {
    const other = statement({ _id: 'f1', amount: 42_500, status: 'processed' });
    renderWithQuery(
      <PaymentDetails profile={former({ ...other, room: { ...other.room, _id: 'another-room' } })} canPay />,
    );
    expect(rows()[1]).toBe('Caution Fee₦50,000Paid');
  });

  it('still asks a running tenant whose booking became the tenancy for an unpaid deposit', () => {
    renderWithQuery(
      <PaymentDetails
        profile={{
          ...base,
          hostel,
          agentFeePayment: { ...agentPaid, booking_status: 'inspected' },
          roomPricePayment: { status: 'success', amount: 650_000, reference: 'SN-RR-1' },
          rentDetails: rentDetails(),
        }}
        canPay
      />,
    );
    expect(rows()[1]).toBe('Caution Fee₦50,000Waiting...Pay');
  });
});

describe('buildReceipt', () => {
  const payment: PaymentDetail = {
    _id: 'p1',
    reference: 'SN-AF-1',
    status: 'success',
    payment_type: 'AGENT_FEE',
    purpose: 'AGENT_FEE',
    amount: 65_000,
    paid_at: '2026-11-22T09:00:00Z',
    receipt_number: 'SN-2026-000001',
    needs_refund: false,
    booking: { _id: 'b1', inspection_date_time: '2026-11-23_10:00am - 10:30am' },
    room,
    hostel,
    tenancy: null,
    payer_name: 'Chiamaka Okafor',
    rent_period_start: null,
    inspection_held: false,
  };

  it('words the agent-fee receipt as the spec does, with the payer, a human label and a readable inspection time', () => {
    const r = buildReceipt('agent_fee', payment);
    expect(r.title).toBe('Thank you for your payment!');
    expect(r.subtitle).toBe('Your room inspection booking has been successfully completed.');
    const rows = Object.fromEntries(r.sections.flatMap((s) => s.rows));
    expect(rows['Paid by']).toBe('Chiamaka Okafor');
    expect(rows['Payment type']).toBe('Agent fee');
    expect(rows.Amount).toEqual({ naira: 65_000 });
    expect(rows['Inspection date and time']).toBe('Monday, 23 November 2026, 10:00am - 10:30am');
    // The provider did not say how it was paid: no method is guessed.
    expect(rows['Payment method']).toBeUndefined();
  });

  it('says how it was paid when the provider said: on the screen and in the PDF alike', () => {
    const rows = (channel: PaymentDetail['channel']) =>
      buildReceipt('agent_fee', { ...payment, channel }).sections.flatMap((s) => s.rows);
    expect(rows('dedicated_nuban')).toContainEqual([
      'Payment method',
      'Transfer to your StudyNest account number',
    ]);
    expect(rows('ussd')).toContainEqual(['Payment method', 'USSD']);
    expect(rows(null).map(([label]) => label)).not.toContain('Payment method');
  });

  const rent: PaymentDetail = {
    ...payment,
    payment_type: 'ROOM_RENT',
    purpose: 'ROOM_RENT',
    tenancy: { rentStartDate: '2026-11-22', rentDueDate: '2027-11-22' },
    rent_period_start: '2026-11-22',
  };

  it('shows the rent purpose as the months it paid for, with the tenancy dates and the signed notice', () => {
    const r = buildReceipt('rent', rent);
    expect(r.subtitle).toBe('Your rent payment has been successfully completed.');
    const rows = Object.fromEntries(r.sections.flatMap((s) => s.rows));
    expect(rows.Purpose).toBe('Rent, 12 months from 22 Nov 2026');
    expect(rows['Rent due date']).toMatch(/22 Nov 2027/);
    expect(r.notes[0]?.signature).toBe('StudyNest Hostels Ltd.');
  });

  it('tells the tenant to collect the key from the agent only once the inspection has been held', () => {
    const paragraphs = (held: boolean) =>
      buildReceipt('rent', { ...rent, inspection_held: held }).notes.flatMap((n) => n.paragraphs);
    expect(paragraphs(true)).toContain(COLLECT_KEY_LINE);
    expect(paragraphs(false)).not.toContain(COLLECT_KEY_LINE);
    expect(paragraphs(false)).toContain('Your room is ready for you to move in.');
  });
});
