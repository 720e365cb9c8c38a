import type { AdminCredit, CreditStatus } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { transferQueries } from '../../../features/transfers/api/transfer-queries.ts';
import { AllocateCreditDialog } from '../../../features/transfers/components/allocate-credit-dialog.tsx';
import { CreditsTable } from '../../../features/transfers/components/credits-table.tsx';
import { RefundCreditDialog } from '../../../features/transfers/components/refund-credit-dialog.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The tabs, in the order an admin works through them; the words are what each list holds. */
const VIEWS: [CreditStatus, string, string][] = [
  ['held', 'Held', 'Nothing is held: every transfer matched what was owed.'],
  ['allocated', 'Allocated', 'No credit has been allocated yet.'],
  ['refunded', 'Refunded', 'No credit has been refunded yet.'],
];

/**
 * /admin-credits: transfers to students' account numbers that matched nothing they owed exactly,
 * held until an admin allocates them to an amount due or refunds them; then the settled ones.
 */
export function Component() {
  useDocumentTitle('Credits');
  const [params, setParams] = useSearchParams();
  const status = VIEWS.find(([s]) => s === params.get('status'))?.[0] ?? 'held';
  const list = useQuery(transferQueries.admin(status));
  const [allocating, setAllocating] = useState<AdminCredit | null>(null);
  const [refunding, setRefunding] = useState<AdminCredit | null>(null);
  const items = list.data ?? [];
  const total = items.reduce((sum, c) => sum + (status === 'held' ? c.held : c.amount), 0);
  const held = status === 'held';

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Credits</h1>
        <p className="text-sm text-muted">
          Bank transfers to students' account numbers that matched nothing they owed exactly. Allocate each to
          an amount due, or refund it.
        </p>
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Which credits</legend>
        {VIEWS.map(([s, label]) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            className={status === s ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setParams(s === 'held' ? {} : { status: s }, { replace: true })}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {list.isPending && <Spinner label="Loading credits…" />}
      {list.isError && <QueryError error={list.error} retry={() => list.refetch()} />}
      {list.data && (
        <>
          {items.length > 0 && (
            <p className="text-sm text-muted" aria-live="polite">
              {items.length} {items.length === 1 ? 'credit' : 'credits'}, {formatNaira(total)} in all.
            </p>
          )}
          <CreditsTable
            items={items}
            empty={VIEWS.find(([s]) => s === status)?.[2] ?? ''}
            onAllocate={held ? setAllocating : undefined}
            onRefund={held ? setRefunding : undefined}
          />
        </>
      )}
      <AllocateCreditDialog credit={allocating} onClose={() => setAllocating(null)} />
      <RefundCreditDialog credit={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
