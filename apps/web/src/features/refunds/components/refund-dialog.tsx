import type { OwedPayment, RefundCreate } from '@studynest/contracts';
import { REFUND_REASON_LABELS } from '@studynest/contracts/constants';
import { typedNaira } from '@studynest/contracts/money';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { lazyZodResolver, useForm, withRules } from '../../../lib/form.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useCreateRefund } from '../api/refund-queries.ts';
import { payerName, sendThenClose } from './dialog-submit.ts';

type Values = { reference: string; amount: string; reason: string };

// The contract's checks load after the dialog opens (see lazyZodResolver).
const schemaResolver = lazyZodResolver(() =>
  import('@studynest/contracts/payments').then((m) => m.RefundCreateSchema),
);

/** The contract's checks, then what is left of this payment to give back (the server's limit too). */
const refundResolver = (remaining: number) =>
  withRules<Values, RefundCreate>(schemaResolver, (values, errors) =>
    !errors.amount && (typedNaira(values.amount) ?? 0) > remaining
      ? { amount: { message: `At most ${formatNaira(remaining)} is left to refund` } }
      : {},
  );

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
  useEffect(() => schemaResolver.preload(), []);
  const create = useCreateRefund();
  const { register, handleSubmit, setError, setValue, errors } = useForm<Values, unknown, RefundCreate>({
    resolver: refundResolver(payment.remaining),
    defaultValues: {
      reference: payment.reference,
      amount: String(payment.remaining),
      reason: REFUND_REASON_LABELS[payment.reason],
    },
  });
  const who = payerName(payment);
  const submit = handleSubmit(sendThenClose(create.mutateAsync, onDone, setError));

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
        error={errors.amount?.message}
        hint="Whole naira, like 10,000. Less than the full amount is a partial refund."
        {...register('amount')}
      />
      <button
        type="button"
        className="self-start text-sm font-semibold text-brand-700 underline"
        onClick={() => setValue('amount', String(payment.remaining), { shouldValidate: true })}
      >
        Refund the full {formatNaira(payment.remaining)}
      </button>
      <TextField
        label="Reason"
        maxLength={500}
        error={errors.reason?.message}
        hint="Shown to the student in their e-mail."
        {...register('reason')}
      />
      {create.error && <Alert tone="error">{create.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={create.isPending}>
        {create.isPending ? 'Refunding…' : 'Refund'}
      </button>
    </form>
  );
}
