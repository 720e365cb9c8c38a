import type { AdminCredit } from '@studynest/contracts';
import { AdminTable, TwoLines } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';

/**
 * Credits in one state, as the server orders them. On a phone the student, the amount and (for held
 * credits) the Allocate and Refund buttons come first.
 */
export function CreditsTable({
  items,
  empty,
  onAllocate,
  onRefund,
}: {
  items: AdminCredit[];
  empty: string;
  /** Held credits only: the actions. */
  onAllocate?: (c: AdminCredit) => void;
  onRefund?: (c: AdminCredit) => void;
}) {
  const actions =
    onAllocate &&
    onRefund &&
    ([
      ['Allocate', onAllocate],
      ['Refund', onRefund],
    ] as const);
  return (
    <AdminTable
      columns={[
        {
          header: 'Student',
          rowHeader: true,
          cell: (c) => (
            <TwoLines first={<span className="capitalize">{c.user.name}</span>} second={c.user.email} />
          ),
        },
        {
          header: 'Amount',
          className: 'whitespace-nowrap',
          cell: (c) => (
            <>
              <span className="block font-semibold">{formatNaira(c.amount)}</span>
              {c.status === 'held' && c.held !== c.amount && (
                <span className="block text-xs text-muted">{formatNaira(c.held)} held</span>
              )}
              {actions && (
                <span className="mt-1 flex flex-wrap gap-1">
                  {actions.map(([verb, act], i) => (
                    <button
                      key={verb}
                      type="button"
                      className={i === 0 ? 'btn-primary' : 'btn-secondary'}
                      aria-label={`${verb} ${c.user.name}'s credit (${formatNaira(c.held)})`}
                      onClick={() => act(c)}
                    >
                      {verb}
                    </button>
                  ))}
                </span>
              )}
            </>
          ),
        },
        {
          header: 'Received',
          className: 'whitespace-nowrap',
          cell: (c) => formatLagosDateTime(c.received_at),
        },
        { header: 'Reason', cell: (c) => c.reason },
        {
          header: 'Transfer',
          cell: (c) => (
            <TwoLines
              first={<span className="font-mono text-xs break-all">{c.reference}</span>}
              second={
                [c.sender && `From ${c.sender}`, c.receipts.length > 0 && `Paid ${c.receipts.join(', ')}`]
                  .filter(Boolean)
                  .join(' · ') || null
              }
            />
          ),
        },
      ]}
      label="Credits"
      minWidth="min-w-[44rem]"
      rows={items}
      empty={empty}
    />
  );
}
