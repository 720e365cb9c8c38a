import type { RentPlanState } from '@studynest/contracts';
import { parseNaira } from '@studynest/contracts/money';
import {
  RENT_PLAN_LABEL,
  type RentPartStatus,
  type RentPlanName,
  splitRent,
} from '@studynest/contracts/rent-plan-terms';
import { useId, useRef, useState } from 'react';
import { LatePartTerms } from '../../../components/ui/rent-plan-terms.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';

/**
 * Rent in parts on the profile (docs/domain.md, "Rent plans"): choosing the full year or the room's
 * plan before a year starts, and the running year's parts with the next one to pay. Loaded only for
 * a student whose room has a plan.
 */

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
  const next = state.next;
  const nextPart = next && state.parts.find((p) => p.number === next.number);
  const balance = nextPart ? nextPart.amount - nextPart.paid : 0;
  const late = nextPart?.status === 'late';
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
              <th scope="col">Paid</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {state.parts.map((p) => (
              <tr key={p.number} className={p.status === 'late' ? 'bg-danger-50' : undefined}>
                <th scope="row" className="font-medium!">
                  {p.number} of {total}
                </th>
                <td>{formatNaira(p.amount)}</td>
                <td>{formatLagosDate(p.due_on)}</td>
                <td>{formatNaira(p.paid)}</td>
                <td>
                  <span className={STATUS[p.status][1]}>{STATUS[p.status][0]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {next && (
        <>
          <p className={`text-sm ${late ? 'font-semibold text-danger-700' : ''}`}>
            {late
              ? `Part ${next.number} is late: it was due by ${formatLagosDate(next.due_on)}.`
              : `Next: part ${next.number} of ${total}, due by ${formatLagosDate(next.due_on)}.`}
          </p>
          <button
            type="button"
            className={`${late ? 'btn-danger' : 'btn-primary'} sm:self-start`}
            disabled={button.busy || button.closedBecause !== null}
            aria-describedby={button.closedBecause ? button.closedId : undefined}
            onClick={() => onPay(balance)}
          >
            {button.busy
              ? 'Starting payment…'
              : `Pay ${formatNaira(balance)} (part ${next.number} of ${total})`}
          </button>
          {state.max_payable > balance && (
            <OtherAmount min={balance} max={state.max_payable} part={next.number} onPay={onPay} {...button} />
          )}
        </>
      )}
      <LatePartTerms />
    </div>
  );
}

/** Why `text` cannot be paid now, in the server's terms, or the amount. */
export function checkAmount(
  text: string,
  min: number,
  max: number,
  part: number,
): { amount: number } | { problem: string } {
  const parsed = parseNaira(text);
  if (!('naira' in parsed)) return { problem: `Amount ${parsed.problem}` };
  if (parsed.naira < min)
    return { problem: `Pay at least ${formatNaira(min)}: what is left of part ${part}.` };
  if (parsed.naira > max) {
    return { problem: `Pay at most ${formatNaira(max)}: what is left of this year's rent.` };
  }
  return { amount: parsed.naira };
}

function OtherAmount({
  min,
  max,
  part,
  onPay,
  ...button
}: PayButton & { min: number; max: number; part: number; onPay: (amount: number) => void }) {
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
          const checked = checkAmount(input.current?.value ?? '', min, max, part);
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
