import type { AdminCredit } from '@studynest/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useKeyPerBody } from '../../../lib/request-key.ts';
import { useRefundCredit } from '../api/transfer-queries.ts';

/** Give what a credit holds back to the student through the provider, with an optional reason. */
export function RefundCreditDialog({ credit, onClose }: { credit: AdminCredit | null; onClose: () => void }) {
  return (
    <Modal open={credit !== null} title="Refund credit" onClose={onClose} closeLabel="Keep the credit">
      {credit && <RefundForm key={credit._id} credit={credit} onDone={onClose} />}
    </Modal>
  );
}

function RefundForm({ credit, onDone }: { credit: AdminCredit; onDone: () => void }) {
  const refund = useRefundCredit(credit._id);
  const keyFor = useKeyPerBody();
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { reason: reason.trim() };
    refund.mutate({ ...body, key: keyFor(body) }, { onSuccess: onDone });
  };
  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-muted">
        <strong className="text-ink">{formatNaira(credit.held)}</strong> goes back to{' '}
        <span className="capitalize">{credit.user.name}</span> through the payment provider. This cannot be
        undone.
      </p>
      <TextField
        label="Reason (optional)"
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        hint="Shown to the student."
      />
      {refund.error && <Alert tone="error">{refund.error.message}</Alert>}
      <button type="submit" className="btn-danger" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding…' : `Refund ${formatNaira(credit.held)}`}
      </button>
    </form>
  );
}
