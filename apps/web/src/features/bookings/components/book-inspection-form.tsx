import type { Hostel, Room } from '@studynest/contracts';
import { addMonths } from '@studynest/contracts/calendar';
import { type InspectionSlot, ROOM_STATUS_LABELS } from '@studynest/contracts/constants';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { hasErrorCode } from '../../../lib/api-client.ts';
import { formatNaira, lagosClock, todayInLagos } from '../../../lib/format.ts';
import { PAYMENTS_NEED_A_CONNECTION, useOnline } from '../../../lib/use-online.ts';
import { useCreateBooking } from '../api/booking-queries.ts';
import { LoadingOverlay } from './loading-overlay.tsx';
import { SlotPicker, slotStartMinutes } from './slot-picker.tsx';

/** The API accepts dates up to six months ahead; the date picker offers the same range. */
const MAX_MONTHS_AHEAD = 6;

/** Minutes after midnight, now, in Lagos. */
function lagosMinutesNow(): number {
  const [h, min] = lagosClock().format(new Date()).split(':').map(Number) as [number, number];
  return h * 60 + min;
}

function dateProblem(date: string, today: string, max: string): string | null {
  if (!date) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Enter a valid date.';
  if (date < today) return 'Inspection dates cannot be in the past. Pick today or a later date.';
  if (date > max) return `Pick a date within the next ${MAX_MONTHS_AHEAD} months.`;
  return null;
}

/** Starts paying the new booking's agent fee (the payments feature, passed in by the route). */
type Pay = (input: { booking_id: string; amount: number }) => Promise<void>;

/**
 * Book Inspection (docs/domain.md, "Bookings and holds"): pick a date and a slot, then "Pay Agent Fee" creates
 * the booking (which holds the room), starts the agent-fee payment and leaves for the checkout.
 * `pay` is the payments feature's checkout starter, passed in by the route (features stay apart), and
 * `confirmEmailLink` the way to confirm an e-mail address, shown when the server refuses a booking
 * for an unconfirmed one.
 */
export function BookInspectionForm({
  room,
  hostel,
  pay,
  paying,
  payError,
  confirmEmailLink,
}: {
  room: Room;
  hostel: Pick<Hostel, '_id' | 'hostel_name' | 'is_closed'>;
  pay: Pay;
  paying: boolean;
  payError: Error | null;
  confirmEmailLink?: ReactNode;
}) {
  const today = todayInLagos();
  const maxDate = addMonths(today, MAX_MONTHS_AHEAD);
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState<InspectionSlot | ''>('');
  const createBooking = useCreateBooking();
  const dateId = useId();
  const feeId = useId();
  const offlineId = useId();
  const online = useOnline();

  const problem = dateProblem(date, today, maxDate);
  const isPassed = (s: InspectionSlot) => date === today && slotStartMinutes(s) <= lagosMinutesNow();
  const unavailable =
    room.status !== 'available'
      ? `This room is ${ROOM_STATUS_LABELS[room.status].toLowerCase()}, so it cannot be booked for inspection. Please pick another room.`
      : hostel.is_closed
        ? 'This hostel is not taking bookings right now. Please pick another hostel.'
        : null;
  const ready = Boolean(date && slot && !problem && !unavailable);
  const busy = createBooking.isPending || paying;
  const error = createBooking.error ?? payError;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy || !slot) return;
    if (isPassed(slot)) {
      setSlot('');
      return;
    }
    try {
      const booking = await createBooking.mutateAsync({
        hostel_id: hostel._id,
        room_id: room._id,
        inspection_date_time: `${date}_${slot}`,
      });
      // The booking says what is paid for; the amount is the price shown, checked by the server.
      await pay({ booking_id: booking._id, amount: room.agent_fee });
    } catch {
      // Shown below from the mutations' error state.
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-5">
      {busy && <LoadingOverlay />}
      {unavailable && (
        <Alert tone="warning">
          <p>{unavailable}</p>
          <Link to={paths.hostel.getHref(hostel._id)} className="mt-1 inline-block font-semibold underline">
            See the other rooms of {hostel.hostel_name}
          </Link>
        </Alert>
      )}
      <fieldset disabled={Boolean(unavailable)} className="flex min-w-0 flex-col gap-5">
        <div>
          <label htmlFor={dateId} className="label">
            Inspection date
          </label>
          <input
            id={dateId}
            type="date"
            className="input"
            min={today}
            max={maxDate}
            value={date}
            required
            aria-invalid={Boolean(problem)}
            aria-describedby={problem ? `${dateId}-error` : undefined}
            onChange={(e) => {
              setDate(e.target.value);
              // A slot that has already started today cannot stay chosen.
              if (slot && e.target.value === today && slotStartMinutes(slot) <= lagosMinutesNow())
                setSlot('');
            }}
          />
          {problem && (
            <p id={`${dateId}-error`} className="field-error" role="alert">
              {problem}
            </p>
          )}
        </div>

        <SlotPicker value={slot} onChange={setSlot} isPassed={isPassed} />

        <div
          id={feeId}
          className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg bg-subtle px-4 py-3"
        >
          <span className="text-sm font-medium">Agent fee</span>
          <span className="text-xl font-bold text-brand-800">{formatNaira(room.agent_fee)}</span>
          <span className="w-full text-sm text-muted">Required for room inspection</span>
        </div>
      </fieldset>

      {error &&
        (hasErrorCode(error, 'email_unconfirmed') ? (
          <Alert tone="warning">
            <p>{error.message}</p>
            {confirmEmailLink}
          </Alert>
        ) : (
          <Alert tone="error">
            <p>{error.message}</p>
          </Alert>
        ))}

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          className="btn-primary sm:flex-1"
          disabled={!ready || busy || !online}
          aria-describedby={online ? feeId : `${feeId} ${offlineId}`}
        >
          Pay Agent Fee
        </button>
        <Link to={paths.receipt.getHref()} className="btn-secondary sm:flex-1">
          Receipt Page
        </Link>
      </div>
      {!online && (
        <p id={offlineId} className="-mt-2 text-sm text-muted">
          {PAYMENTS_NEED_A_CONNECTION}
        </p>
      )}
      {!ready && !unavailable && (
        <p className="-mt-2 text-sm text-muted">Choose a date and a time slot to continue.</p>
      )}
    </form>
  );
}
