import type { Profile } from '@studynest/contracts';
import type { RentPlanName } from '@studynest/contracts/rent-plan-terms';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';
import { useRentPayment } from '../api/payment-queries.ts';

function daysLeftText(countdown: number): string {
  if (countdown > 1) return `${countdown} days`;
  if (countdown === 1) return '1 day';
  if (countdown === 0) return 'Due today';
  return `Overdue by ${-countdown} day${countdown === -1 ? '' : 's'}`;
}

/**
 * Profile → Rent Details (docs/domain.md, "Tenancy"): the student's hostel and room,
 * rent start and due dates, the real number of days left, and the button that starts the rent
 * payment. The button reads 'Renew Rent' once the student is a tenant (paying again adds the next
 * 12 months); before the first rent payment it reads 'Pay Rent'. (The spec's rule — Renew whenever
 * an agent-fee payment and a hostel exist — would label a first payment "Renew", since a paid agent
 * fee is what gives a student a hostel.) Renewal opens 60 days before the due date and never while
 * notice is given: until then the button stays, disabled, with the reason beside it (the server
 * would refuse the payment anyway).
 *
 * Rent in parts (docs/domain.md, "Rent plans"): a year on a plan shows what is paid and the next
 * part with its button; every part, paying a different amount and choosing a plan for a year not
 * started have a page of their own (the rent plan page), so the profile does not carry them.
 */
export function RentDetails({
  profile,
  roomPlan,
}: {
  profile: Profile;
  /**
   * The plan the room offers for a year not started yet (from the room itself: the profile does
   * not carry it); until it is known, the full year (always allowed) is offered.
   */
  roomPlan?: RentPlanName | undefined;
}) {
  const { pay, hostel, room, rent, year, owing, label, button, payFor, wayOn } = useRentPayment(profile);
  if (!hostel) return null;
  const { closedBecause, closedId, busy } = button;
  // `next.amount` is what is left of that part.
  const next = owing?.next;
  const late = owing?.parts[(next?.number ?? 0) - 1]?.status === 'late';
  const of = owing?.parts.length;
  // A year not started (a first rent, a renewal) in a room with a plan: she chooses on the plan page.
  const choose = !owing && roomPlan !== undefined && roomPlan !== 'full';
  const disabled = busy || closedBecause !== null;
  const describedBy = closedBecause ? closedId : undefined;

  return (
    <CardSection title="Rent Details">
      <div className="overflow-x-auto">
        <table className="table-base">
          <tbody>
            <Row label="Hostel name">{hostel.hostel_name}</Row>
            <Row label="Unit">
              <span className="capitalize">{room?.unit ?? '—'}</span>
            </Row>
            <Row label="Apartment">
              <span className="capitalize">{room?.room_number ?? '—'}</span>
            </Row>
            <Row label="Start date">{rent ? formatLagosDate(rent.rentStartDate) : 'Not started yet'}</Row>
            <Row label="Due date">{rent ? formatLagosDate(rent.rentDueDate) : '—'}</Row>
            <Row label="Days left">{rent ? daysLeftText(rent.countdown) : '—'}</Row>
            {year && (
              <Row label="Rent plan">{`${year.label}. Paid ${formatNaira(year.paid)} of ${formatNaira(year.year_rent)}`}</Row>
            )}
            {next && (
              <Row label="Next part">
                <span className={late ? 'font-semibold text-danger-700' : undefined}>
                  {`Part ${next.number} of ${of}: ${formatNaira(next.amount)}, ${late ? 'late: it was due by' : 'due by'} ${formatLagosDate(next.due_on)}`}
                </span>
              </Row>
            )}
          </tbody>
        </table>
      </div>
      {!rent && (
        <p className="text-sm text-muted">
          Your tenancy starts on the day you pay the rent and runs for 12 months.
        </p>
      )}
      {pay.error && <Alert tone="error">{pay.error.message}</Alert>}
      {wayOn && (
        <Link to={wayOn.to} className="btn-primary self-start">
          {wayOn.text}
        </Link>
      )}
      {!room ? (
        <Alert tone="info">
          To pay rent online, contact support: we could not find the room of this tenancy.
        </Alert>
      ) : next ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <Link to={paths.rentPlan.getHref()} className="text-sm font-semibold text-brand-700 underline">
            All parts, or another amount
          </Link>
          <button
            type="button"
            className={late ? 'btn-danger' : 'btn-primary'}
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => payFor({ amount: next.amount })}
          >
            {busy ? 'Starting payment…' : `Pay ${formatNaira(next.amount)} (part ${next.number} of ${of})`}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            Rent per year: <span className="font-bold text-brand-800">{formatNaira(room.price)}</span>
            {choose && <span className="block text-muted">Pay the full year or in parts.</span>}
          </p>
          {choose && !disabled ? (
            <Link to={paths.rentPlan.getHref()} className="btn-primary">
              {label}
            </Link>
          ) : (
            <button
              type="button"
              className="btn-primary"
              disabled={disabled}
              aria-describedby={describedBy}
              onClick={() => payFor({ amount: room.price })}
            >
              {busy ? 'Starting payment…' : label}
            </button>
          )}
        </div>
      )}
      {room && closedBecause && (
        <p id={closedId} className="text-sm text-muted">
          {closedBecause}
        </p>
      )}
    </CardSection>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row" className="w-2/5 font-medium!">
        {label}
      </th>
      <td>{children}</td>
    </tr>
  );
}
