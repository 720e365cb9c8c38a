import type { Profile, RentPlanState } from '@studynest/contracts';
import { parseNaira } from '@studynest/contracts/money';
import {
  RENT_PLAN_LABEL,
  type RentPartStatus,
  type RentPlanName,
  splitRent,
} from '@studynest/contracts/rent-plan-terms';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { LatePartTerms } from '../../../components/ui/rent-plan-terms.tsx';
import { formatLagosDate, formatNaira, todayInLagos } from '../../../lib/format.ts';
import { useRentPayment } from '../api/payment-queries.ts';

/** The part to pay next and what is left of it (a part may be partly paid), or null when the year is paid. */
function nextPart(state: RentPlanState) {
  const next = state.next && state.parts.find((p) => p.number === state.next?.number);
  if (!next) return null;
  return { ...next, balance: next.amount - next.paid, late: next.status === 'late' };
}

/**
 * The rent plan page (docs/domain.md, "Rent plans"): the running year's parts with the next one to
 * pay or a different amount, and for a year not started (a first rent, a renewal) the choice of the
 * full year or the room's plan. A page of its own, so the profile does not carry it.
 */
export function RentPlanPage({ profile, roomPlan }: { profile: Profile; roomPlan: RentPlanName }) {
  const { pay, room, rent, year, owing, label, button, payFor, wayOn } = useRentPayment(profile);
  return (
    <>
      {pay.error && <Alert tone="error">{pay.error.message}</Alert>}
      {wayOn && (
        <Link to={wayOn.to} className="btn-primary self-start">
          {wayOn.text}
        </Link>
      )}
      {year && (
        <CardSection title={owing ? "This year's rent" : "This year's rent: paid"}>
          <RentParts state={year} onPay={(amount) => payFor({ amount })} {...button} />
        </CardSection>
      )}
      {!room ? (
        <Alert tone="info">
          To pay rent online, contact support: we could not find the room of this tenancy.
        </Alert>
      ) : owing ? null : roomPlan === 'full' ? (
        <p className="card text-sm">
          {RENT_PLAN_LABEL.full}: this room's rent is paid for the whole year ({formatNaira(room.price)}) from
          your profile.
        </p>
      ) : (
        <CardSection title={rent ? 'Next year' : "This year's rent"}>
          <RentPlanChooser
            plan={roomPlan}
            yearRent={room.price}
            // A renewal's year starts when the running one ends.
            start={rent ? rent.rentDueDate : todayInLagos()}
            label={label}
            // The full year keeps the price she saw, which the server checks; a plan's first part is its own to work out.
            onPay={(plan) => payFor(plan === 'full' ? { amount: room.price, plan } : { plan })}
            {...button}
          />
        </CardSection>
      )}
      {room && button.closedBecause && (
        <p id={button.closedId} className="text-sm text-muted">
          {button.closedBecause}
        </p>
      )}
    </>
  );
}

type PayButton = {
  /** Why paying is not possible now (renewal closed, offline), said beside the button; else null. */
  closedBecause: string | null;
  closedId: string;
  busy: boolean;
};

/** A year not started yet (a first rent, a renewal): the full year or the room's plan. */
export function RentPlanChooser({
  plan,
  yearRent,
  start,
  label,
  onPay,
  ...button
}: PayButton & {
  plan: Exclude<RentPlanName, 'full'>;
  yearRent: number;
  /** The year's first day (a Lagos date): today for a first rent, the due date for a renewal. */
  start: string;
  /** 'Pay Rent' or 'Renew Rent'. */
  label: string;
  onPay: (plan: RentPlanName) => void;
}) {
  const [chosen, setChosen] = useState<RentPlanName>('full');
  const parts = splitRent(plan, yearRent, start);
  const now = chosen === 'full' ? yearRent : (parts[0]?.amount ?? yearRent);
  const name = useId();
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onPay(chosen);
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="label">How do you want to pay this year's rent?</legend>
        <Choice name={name} checked={chosen === 'full'} onChange={() => setChosen('full')}>
          Full year: <strong>{formatNaira(yearRent)}</strong> now
        </Choice>
        <Choice name={name} checked={chosen === plan} onChange={() => setChosen(plan)}>
          {RENT_PLAN_LABEL[plan]}
          <ul className="mt-1 text-muted">
            {parts.map((p) => (
              <li key={p.number}>
                Part {p.number}: <strong className="text-ink">{formatNaira(p.amount)}</strong>
                {p.number === 1 ? ' now' : `, due by ${formatLagosDate(p.due_on)}`}
              </li>
            ))}
          </ul>
        </Choice>
      </fieldset>
      <LatePartTerms />
      <button
        type="submit"
        className="btn-primary sm:self-start"
        disabled={button.busy || button.closedBecause !== null}
        aria-describedby={button.closedBecause ? button.closedId : undefined}
      >
        {button.busy ? 'Starting payment…' : `${label}: ${formatNaira(now)}`}
      </button>
    </form>
  );
}

function Choice({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={`flex min-h-11 items-start gap-3 rounded-lg border p-3 text-sm ${checked ? 'border-brand-600 bg-brand-50' : 'border-line'}`}
    >
      <input
        type="radio"
        className="mt-0.5 size-5 shrink-0"
        name={name}
        checked={checked}
        onChange={onChange}
      />
      <span>{children}</span>
    </label>
  );
}

const STATUS: Record<RentPartStatus, [string, string]> = {
  paid: ['Paid', 'badge-ok'],
  part_paid: ['Part paid', 'badge-warn'],
  due: ['Due', 'badge-brand'],
  late: ['Late', 'badge-danger'],
  upcoming: ['Upcoming', 'badge-muted'],
};

/**
 * The running year on a plan: each part, what is paid, and (while parts are unpaid) the next part's
 * button and a form to pay more, from that part's balance up to what is left of the year.
 */
export function RentParts({
  state,
  onPay,
  ...button
}: PayButton & { state: RentPlanState; onPay: (amount: number) => void }) {
  const next = nextPart(state);
  const total = state.parts.length;
  return (
    <div className="flex flex-col gap-3" data-testid="rent-parts">
      <p className="text-sm">
        {state.label}. Paid <strong>{formatNaira(state.paid)}</strong> of{' '}
        <strong>{formatNaira(state.year_rent)}</strong>
        {state.outstanding > 0 && `; ${formatNaira(state.outstanding)} left`}.
      </p>
      <div className="overflow-x-auto">
        <table className="table-base text-sm">
          <caption className="sr-only">This year's rent in parts</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Amount</th>
              <th scope="col">Due by</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {state.parts.map((p) => (
              <tr key={p.number} className={p.status === 'late' ? 'bg-danger-50' : undefined}>
                <th scope="row" className="whitespace-nowrap font-medium!">
                  {p.number} of {total}
                </th>
                <td className="whitespace-nowrap">{formatNaira(p.amount)}</td>
                <td>{formatLagosDate(p.due_on)}</td>
                <td>
                  <span className={STATUS[p.status][1]}>{STATUS[p.status][0]}</span>
                  {p.status === 'part_paid' && <span className="block">{formatNaira(p.paid)} paid</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next && (
        <>
          <p className={`text-sm ${next.late ? 'font-semibold text-danger-700' : ''}`}>
            {next.late
              ? `Part ${next.number} is late: it was due by ${formatLagosDate(next.due_on)}.`
              : `Next: part ${next.number} of ${total}, due by ${formatLagosDate(next.due_on)}.`}
          </p>
          <button
            type="button"
            className={`${next.late ? 'btn-danger' : 'btn-primary'} sm:self-start`}
            disabled={button.busy || button.closedBecause !== null}
            aria-describedby={button.closedBecause ? button.closedId : undefined}
            onClick={() => onPay(next.balance)}
          >
            {button.busy
              ? 'Starting payment…'
              : `Pay ${formatNaira(next.balance)} (part ${next.number} of ${total})`}
          </button>
          {state.max_payable > next.balance && (
            <OtherAmount
              range={{ min: next.balance, max: state.max_payable, part: next.number, of: total }}
              onPay={onPay}
              {...button}
            />
          )}
        </>
      )}
      <LatePartTerms />
    </div>
  );
}

/** The amount in `text`, or why it cannot be paid now, in the server's words (PaymentInitiate, rent on a plan). */
export function checkAmount(
  text: string,
  range: { min: number; max: number; part: number; of: number },
): { amount: number } | { problem: string } {
  const parsed = parseNaira(text);
  if (!('naira' in parsed)) return { problem: `Amount ${parsed.problem}` };
  if (parsed.naira < range.min || parsed.naira > range.max) {
    return {
      problem: `Pay between ${formatNaira(range.min)} (part ${range.part} of ${range.of}) and ${formatNaira(range.max)} (all that is left of this year's rent).`,
    };
  }
  return { amount: parsed.naira };
}

function OtherAmount({
  range,
  onPay,
  ...button
}: PayButton & {
  range: { min: number; max: number; part: number; of: number };
  onPay: (amount: number) => void;
}) {
  const { min, max, part } = range;
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">
        Pay a different amount
      </summary>
      <form
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const checked = checkAmount(input.current?.value ?? '', range);
          if ('problem' in checked) {
            setProblem(checked.problem);
            input.current?.focus();
          } else {
            setProblem(null);
            onPay(checked.amount);
          }
        }}
      >
        <label htmlFor={id} className="label">
          Amount to pay (₦)
        </label>
        <p id={`${id}-hint`} className="text-muted">
          From {formatNaira(min)} (the rest of part {part}) to {formatNaira(max)} (all that is left of this
          year).
        </p>
        <input
          ref={input}
          id={id}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        />
        {problem && (
          <p id={`${id}-error`} className="field-error">
            {problem}
          </p>
        )}
        <button
          type="submit"
          className="btn-secondary sm:self-start"
          disabled={button.busy || button.closedBecause !== null}
        >
          Pay this amount
        </button>
      </form>
    </details>
  );
}
