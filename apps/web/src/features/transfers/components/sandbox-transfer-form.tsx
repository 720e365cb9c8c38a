import type { SandboxTransferResult } from '@studynest/contracts';
import { parseNaira } from '@studynest/contracts/money';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { serverErrorLine, useForm } from '../../../lib/form.ts';
import { formatNaira } from '../../../lib/format.ts';
import { useSandboxTransfer } from '../api/transfer-queries.ts';

type Values = { amount: string };

/** The amount as the contract reads it (SandboxTransferSchema), without downloading its checks. */
function amountProblem(text: string): string | true {
  const parsed = parseNaira(text);
  if (!('naira' in parsed)) return `Amount ${parsed.problem}`;
  return parsed.naira >= 1 ? true : 'Amount must be at least ₦1';
}

/**
 * Sandbox only: pretend her bank sent money to her account number, to see it matched to what she
 * owes (a receipt) or held as her credit, as a real transfer would be.
 */
export function SandboxTransferForm() {
  const send = useSandboxTransfer();
  const userId = useSession()?.userId ?? '';
  const [sent, setSent] = useState<{ naira: number; outcome: SandboxTransferResult['outcome'] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, errors, isSubmitting } = useForm<Values>({
    defaultValues: { amount: '' },
  });
  const submit = handleSubmit(({ amount }) => {
    const naira = (parseNaira(amount) as { naira: number }).naira;
    setSent(null);
    setFailure(null);
    return send.mutateAsync(naira).then(
      ({ outcome }) => setSent({ naira, outcome }),
      (err: unknown) => setFailure(serverErrorLine(err, setError)),
    );
  });
  return (
    <form
      className="flex flex-col gap-3 rounded-lg border border-dashed border-line p-3"
      noValidate
      onSubmit={submit}
    >
      <p className="text-sm">
        <span className="badge-warn">Test mode</span> No real money moves: send a pretend transfer to this
        account number.
      </p>
      <TextField
        label="Send a test transfer of (₦)"
        inputMode="numeric"
        autoComplete="off"
        error={errors.amount?.message}
        hint="Whole naira, like 65,000."
        {...register('amount', { validate: (v: string) => amountProblem(v) })}
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      {sent?.outcome === 'applied' && (
        <Alert tone="success">
          {formatNaira(sent.naira)} paid what you owed. Its receipt is in{' '}
          <Link to={`${paths.profile.getHref(userId)}#payments`} className="font-semibold underline">
            your payment history
          </Link>
          .
        </Alert>
      )}
      {sent?.outcome === 'held' && (
        <Alert tone="info">
          {formatNaira(sent.naira)} matched nothing you owe exactly, so it is held as your credit.
        </Alert>
      )}
      <button type="submit" className="btn-secondary self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send test transfer'}
      </button>
    </form>
  );
}
