import type { OwedPayment } from '@studynest/contracts';
import { REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useCreateRefund } from '../api/refund-queries.ts';

const REASON_MAX = 500;

/** What the form says is wrong, before anything is sent. */
function check(amountText: string, reason: string, remaining: number) {
  const errors: { amount?: string; reason?: string } = {};
  const amount = Number(amountText.trim());
  if (!amountText.trim()) errors.amount = 'Enter the amount to refund';
  else if (!/^\d+$/.test(amountText.trim())) errors.amount = 'Enter a whole number of naira, like 65000';
  else if (amount < 1) errors.amount = 'Refund at least ₦1';
  else if (amount > remaining) errors.amount = `At most ${formatNaira(remaining)} is left to refund`;
  if (!reason.trim()) errors.reason = 'Say why the money goes back (the student sees it)';
  else if (reason.trim().length > REASON_MAX) errors.reason = `At most ${REASON_MAX} characters`;
  return { errors, amount };
}

/**
 * Refund all or part of a payment owed back: the amount starts at what is left, the reason at why
 * it is owed. The server has the last word (another admin may have refunded it meanwhile); its
 * message shows here.
 */
export function RefundDialog({ payment, onClose }: { payment: OwedPayment | null; onClose: () => void }) {
  return (
    <Modal open={payment !== null} title="Refund payment" onClose={onClose}>
      {payment && <RefundForm key={payment._id} payment={payment} onDone={onClose} />}
    </Modal>
  );
}

function RefundForm({ payment, onDone }: { payment: OwedPayment; onDone: () => void }) {
  const create = useCreateRefund();
  const [amount, setAmount] = useState(String(payment.remaining));
  const [reason, setReason] = useState(REFUND_REASON_LABELS[payment.reason]);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const who = `${payment.user.first_name} ${payment.user.last_name}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(amount, reason, payment.remaining);
    setErrors(checked.errors);
    if (checked.errors.amount || checked.errors.reason) return;
    create.mutate(
      { reference: payment.reference, amount: checked.amount, reason: reason.trim() },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError) setErrors({ amount: err.fields.amount, reason: err.fields.reason });
        },
      },
    );
  }

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-muted">
        <span className="capitalize">{who}</span> paid {formatNaira(payment.amount)} ({payment.reference}).{' '}
        {payment.refunded_amount > 0 && `${formatNaira(payment.refunded_amount)} already refunded. `}
        Up to <strong className="text-ink">{formatNaira(payment.remaining)}</strong> can go back.
      </p>
      <TextField
        label="Amount (₦)"
        inputMode="numeric"
        autoComplete="off"
        value={amount}
        error={errors.amount}
        hint="Whole naira. Less than the full amount is a partial refund."
        onChange={(e) => setAmount(e.currentTarget.value)}
      />
      <button
        type="button"
        className="self-start text-sm font-semibold text-brand-700 underline"
        onClick={() => setAmount(String(payment.remaining))}
      >
        Refund the full {formatNaira(payment.remaining)}
      </button>
      <TextField
        label="Reason"
        maxLength={REASON_MAX}
        value={reason}
        error={errors.reason}
        hint="Shown to the student in their e-mail."
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      {create.error && <Alert tone="error">{create.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {create.isPending ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  );
}
