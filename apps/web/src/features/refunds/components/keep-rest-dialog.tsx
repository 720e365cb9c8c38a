import type { OwedPayment, RefundClose } from '@studynest/contracts';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { lazyZodResolver, useForm } from '../../../lib/form.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useKeyPerBody } from '../../../lib/request-key.ts';
import { useCloseRefunds } from '../api/refund-queries.ts';
import { payerName, sendThenClose } from './dialog-submit.ts';

type Values = { reference: string; reason: string };

// The contract's checks load after the dialog opens (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/payments').then((m) => m.RefundCloseSchema),
);

/** The payments "Keep the rest" is offered for: partly refunded, nothing with the provider (the server's guards). */
export const canKeepRest = (p: OwedPayment) =>
  p.refunded_amount > 0 && p.pending_amount === 0 && p.remaining > 0;

/**
 * Close a partly refunded payment, keeping what was not given back (docs/domain.md, "Refunds":
 * keep the rest). The reason is required: the student is e-mailed it. The server has the last word.
 */
export function KeepRestDialog({ payment, onClose }: { payment: OwedPayment | null; onClose: () => void }) {
  return (
    <Modal open={payment !== null} title="Keep the rest" onClose={onClose} closeLabel="Leave it open">
      {payment && <KeepRestForm key={payment._id} payment={payment} onDone={onClose} />}
    </Modal>
  );
}

function KeepRestForm({ payment, onDone }: { payment: OwedPayment; onDone: () => void }) {
  useEffect(() => resolver.preload(), []);
  const close = useCloseRefunds();
  const { register, handleSubmit, setError, errors } = useForm<Values, unknown, RefundClose>({
    resolver,
    defaultValues: { reference: payment.reference, reason: '' },
  });
  const who = payerName(payment);
  const keyFor = useKeyPerBody();
  const submit = handleSubmit(
    sendThenClose((body: RefundClose) => close.mutateAsync({ ...body, key: keyFor(body) }), onDone, setError),
  );

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-muted">
        <span className="capitalize">{who}</span> paid {formatNaira(payment.amount)} ({payment.reference}) and{' '}
        {formatNaira(payment.refunded_amount)} has been refunded. Keeping the rest keeps{' '}
        <strong className="text-ink">{formatNaira(payment.remaining)}</strong>: nothing more of this payment
        can be refunded afterwards.
      </p>
      <TextField
        label="Reason"
        maxLength={500}
        error={errors.reason?.message}
        hint="Required. The student is e-mailed it with what was kept."
        {...register('reason')}
      />
      {close.error && <Alert tone="error">{close.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={close.isPending}>
        {close.isPending ? 'Closing…' : `Keep ${formatNaira(payment.remaining)} and close`}
      </button>
    </form>
  );
}
