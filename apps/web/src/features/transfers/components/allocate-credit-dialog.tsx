import type { AdminCredit } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDate, formatNaira } from '../../../lib/format.ts';
import { transferQueries, useAllocateCredit } from '../api/transfer-queries.ts';

/**
 * Pay one of what the student owes now (oldest first, as the server lists them) from a held credit.
 * An amount larger than what is held cannot be chosen; the server has the last word all the same
 * (another admin may have used the credit meanwhile), and its message shows here.
 */
export function AllocateCreditDialog({
  credit,
  onClose,
}: {
  credit: AdminCredit | null;
  onClose: () => void;
}) {
  return (
    <Modal open={credit !== null} title="Allocate credit" onClose={onClose}>
      {credit && <AllocateForm key={credit._id} credit={credit} onDone={onClose} />}
    </Modal>
  );
}

function AllocateForm({ credit, onDone }: { credit: AdminCredit; onDone: () => void }) {
  const dues = useQuery(transferQueries.dues(credit._id));
  const allocate = useAllocateCredit(credit._id);
  const [chosen, setChosen] = useState('');
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!chosen);
    if (chosen) allocate.mutate(chosen, { onSuccess: onDone });
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-muted">
        <span className="capitalize">{credit.user.name}</span> has{' '}
        <strong className="text-ink">{formatNaira(credit.held)}</strong> held. Choose what it pays for.
      </p>
      {dues.isPending ? (
        <Spinner label="Loading what she owes…" />
      ) : dues.isError ? (
        <QueryError error={dues.error} retry={() => dues.refetch()} />
      ) : dues.data.length === 0 ? (
        <p className="card text-sm text-muted">
          Nothing is due from her now. Refund the credit instead, or wait until something is due.
        </p>
      ) : (
        <fieldset aria-describedby={missing ? errorId : undefined}>
          <legend className="label">What it pays for</legend>
          <div className="flex flex-col gap-2">
            {dues.data.map((due) => {
              const tooMuch = due.amount > credit.held;
              return (
                <label
                  key={due.key}
                  className={`flex min-h-11 items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 ${tooMuch ? 'opacity-60' : 'cursor-pointer'}`}
                >
                  <input
                    type="radio"
                    name="due_key"
                    value={due.key}
                    checked={chosen === due.key}
                    disabled={tooMuch}
                    aria-invalid={missing}
                    className="size-5 accent-brand-700"
                    onChange={() => {
                      setChosen(due.key);
                      setMissing(false);
                    }}
                  />
                  <span className="text-sm">
                    <span className="block font-semibold">{due.label}</span>
                    <span className="block text-muted">
                      {formatNaira(due.amount)}
                      {due.due_on && `, due ${formatLagosDate(due.due_on)}`}
                      {tooMuch && ' — more than is held'}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
          {missing && (
            <p id={errorId} className="field-error">
              Choose what the credit pays for
            </p>
          )}
        </fieldset>
      )}
      {allocate.error && <Alert tone="error">{allocate.error.message}</Alert>}
      {dues.data && dues.data.length > 0 && (
        <button type="submit" className="btn-primary" disabled={allocate.isPending}>
          {allocate.isPending ? 'Allocating…' : 'Allocate'}
        </button>
      )}
    </form>
  );
}
