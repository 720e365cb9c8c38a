import type { Profile } from '@studynest/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { formatInspection, formatLagosDateTime, formatNaira } from '../../../lib/format.ts';
import { useCancelBooking } from '../api/cancel-booking.ts';

type AgentFeePayment = NonNullable<Profile['agentFeePayment']>;

/**
 * Profile → Your inspection: a confirmed inspection, with Cancel while the window in Settings is
 * open (the agent fee, and a caution deposit paid for the room, are then refunded) and the reason it
 * is closed once it is not. An inspection whose room the student went on to rent is not shown: it
 * cannot be cancelled.
 */
export function CancelInspection({
  payment,
  depositPaid = 0,
  now = new Date(),
}: {
  payment: AgentFeePayment;
  /** The caution deposit paid for the room, in naira (0 when none): it is owed back too. */
  depositPaid?: number;
  now?: Date;
}) {
  const cancel = useCancelBooking();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Once cancelled, the answer stands in for the section (the profile is reloading meanwhile).
  if (done) return <Alert tone="success">{done}</Alert>;
  if (payment.booking_status !== 'confirmed' || !payment.cancel_until) return null;
  const when = formatInspection(payment.booking.inspection_date_time).text;
  const open = now.getTime() <= Date.parse(payment.cancel_until);
  const deadline = formatLagosDateTime(payment.cancel_until);
  const paid = payment.status === 'success';
  const both = depositPaid > 0;
  // What goes back: the agent fee, and the caution deposit when one was paid for the room.
  const owed = paid
    ? `agent fee of ${formatNaira(payment.amount)}${both ? ` and caution deposit of ${formatNaira(depositPaid)}` : ''}`
    : null;

  return (
    <CardSection title="Your inspection">
      <p>
        {payment.hostel.hostel_name}, <span className="capitalize">{payment.room.room_number}</span>:{' '}
        <strong>{when}</strong>
      </p>
      <p id="cancel-inspection-hint" className="text-sm text-muted">
        {open
          ? `You can cancel until ${deadline} (Lagos time)${owed ? `; your ${owed} will then be refunded` : ''}.`
          : `Cancelling closed at ${deadline} (Lagos time). Please contact support if you cannot come.`}
      </p>
      {cancel.error && <Alert tone="error">{cancel.error.message}</Alert>}
      <button
        type="button"
        className="btn-secondary self-start"
        disabled={!open || cancel.isPending}
        aria-describedby="cancel-inspection-hint"
        onClick={() => setAsking(true)}
      >
        Cancel inspection
      </button>
      <ConfirmDialog
        open={asking}
        title="Cancel this inspection?"
        message={`The inspection on ${when} will be cancelled and the room let go.${owed ? ` Your ${owed} ${both ? 'go' : 'goes'} to refunds: you will be e-mailed when ${both ? 'they are' : 'it is'} paid back.` : ''}`}
        confirmLabel="Cancel inspection"
        keepLabel="Keep inspection"
        busy={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(payment.booking._id, {
            onSuccess: (result) => {
              setAsking(false);
              setDone(
                result.refund_amount > 0
                  ? `Inspection cancelled. ${formatNaira(result.refund_amount)} will be refunded to you.`
                  : 'Inspection cancelled.',
              );
            },
            onError: () => setAsking(false),
          })
        }
      />
    </CardSection>
  );
}
