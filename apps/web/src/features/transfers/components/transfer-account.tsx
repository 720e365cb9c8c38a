import type { DedicatedAccount } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { transferQueries, useRequestAccount } from '../api/transfer-queries.ts';
import { SandboxTransferForm } from './sandbox-transfer-form.tsx';

/**
 * The sandbox provider's accounts are at a bank whose name says so; only there can a transfer be
 * pretended (POST /sandbox/transfers answers 404 with a real provider anyway).
 */
const isSandbox = (account: DedicatedAccount) => /sandbox/i.test(account.bank_name ?? '');

/**
 * Pay by bank transfer (docs/domain.md, "Bank transfers"; a page of its own, linked from her profile): her own account
 * number, or how to get one, and the transfers held as her credit.
 */
export function TransferAccount() {
  const account = useQuery(transferQueries.account());
  return (
    <CardSection title="Your account number">
      {account.isPending ? (
        <Spinner label="Loading your account number…" />
      ) : account.isError ? (
        <QueryError error={account.error} retry={() => account.refetch()} />
      ) : (
        <AccountState account={account.data} refresh={() => account.refetch()} />
      )}
    </CardSection>
  );
}

function AccountState({ account, refresh }: { account: DedicatedAccount; refresh: () => void }) {
  switch (account.state) {
    case 'assigned':
      return (
        <>
          <AccountNumber account={account} />
          <HeldCredits />
          {isSandbox(account) && <SandboxTransferForm />}
        </>
      );
    case 'none':
      return (
        <>
          <p className="text-sm text-muted">
            Get an account number of your own: money you send to it pays what you owe, with a receipt.
          </p>
          <AskButton label="Get my account number" />
        </>
      );
    case 'requested':
      return (
        <>
          <p>Your account number is being set up. It usually takes a minute.</p>
          <button type="button" className="btn-secondary self-start" onClick={refresh}>
            Refresh
          </button>
        </>
      );
    case 'not_eligible':
      return (
        <p className="text-sm text-muted">
          You get an account number of your own to pay into once you book a room.
        </p>
      );
    case 'failed':
      // The provider refused; asking again tries once more with the same customer.
      return (
        <>
          <Alert tone="error">{account.message ?? 'Your account number could not be set up.'}</Alert>
          <AskButton label="Ask again" />
        </>
      );
    default:
      return (
        <Alert tone="info">
          {account.message ?? 'Paying by transfer to your own account number is not available.'}
        </Alert>
      );
  }
}

/** Ask for her account number (POST); the answer replaces where it stands. */
function AskButton({ label }: { label: string }) {
  const request = useRequestAccount();
  return (
    <>
      {request.error && <Alert tone="error">{request.error.message}</Alert>}
      <button
        type="button"
        className="btn-primary self-start"
        onClick={() => request.mutate()}
        disabled={request.isPending}
      >
        {request.isPending ? 'Asking…' : label}
      </button>
    </>
  );
}

function AccountNumber({ account }: { account: DedicatedAccount }) {
  const number = account.account_number ?? '';
  const ref = useRef<HTMLElement>(null);
  const { done, copy } = useCopy(number, ref);
  return (
    <>
      <dl className="grid gap-2 text-sm">
        <div>
          <dt className="text-muted">Bank</dt>
          <dd className="font-semibold">{account.bank_name}</dd>
        </div>
        <div>
          <dt className="text-muted">Account number</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <code ref={ref} className="font-mono text-2xl font-bold tracking-widest select-all">
              {number}
            </code>
            <button type="button" className="btn-secondary min-h-10 px-3" onClick={copy}>
              Copy
            </button>
            <span role="status" className="text-sm text-ok-700">
              {done && (done === 'copied' ? 'Copied' : 'Selected: copy it from your browser menu')}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Account name</dt>
          <dd className="font-semibold">{account.account_name}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted">
        Send money from any bank app. It pays what you owe, oldest first, when it matches an amount due
        exactly; anything else is held as your credit until we allocate or refund it.
      </p>
    </>
  );
}

/** Her transfers held as credit, with why: nothing is ever dropped, so she sees each one. */
function HeldCredits() {
  const credits = useQuery(transferQueries.mine());
  const held = credits.data?.filter((c) => c.status === 'held') ?? [];
  if (credits.isError) return <QueryError error={credits.error} retry={() => credits.refetch()} />;
  if (held.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold">Held as your credit</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="Credits held">
        {held.map((c) => (
          <li key={c._id}>
            <strong>{formatNaira(c.held)} held</strong> — {c.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
