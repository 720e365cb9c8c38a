import type { AdminCredit } from '@studynest/contracts';
import { AdminTable, TwoLines } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime, formatNaira } from '../../../lib/format.ts';

type Act = (c: AdminCredit) => void;

/**
 * Credits in one state, as the server orders them: a card each on a phone (student, amount, the
 * Allocate and Refund buttons of a held one first), a table from `md` up.
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
  onAllocate?: Act;
  onRefund?: Act;
}) {
  const actions =
    onAllocate &&
    onRefund &&
    ([
      ['Allocate', onAllocate],
      ['Refund', onRefund],
    ] as const);
  const buttons = (c: AdminCredit) =>
    actions && (
      <span className="flex flex-wrap gap-2">
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
    );
  const who = (c: AdminCredit) => (
    <TwoLines first={<span className="font-medium capitalize">{c.user.name}</span>} second={c.user.email} />
  );
  return (
    <AdminTable
      columns={[
        { header: 'Student', rowHeader: true, cell: who },
        {
          header: 'Amount',
          className: 'whitespace-nowrap',
          cell: (c) => (
            <>
              <Amount credit={c} />
              <span className="mt-1 block">{buttons(c)}</span>
            </>
          ),
        },
        {
          header: 'Received',
          className: 'whitespace-nowrap',
          cell: (c) => formatLagosDateTime(c.received_at),
        },
        { header: 'Reason', cell: (c) => c.reason },
        { header: 'Transfer', cell: (c) => <Transfer credit={c} /> },
      ]}
      label="Credits"
      minWidth="min-w-[44rem]"
      rows={items}
      empty={empty}
      cards={{
        label: 'Credits',
        render: (c) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 break-words">{who(c)}</div>
              <div className="text-right whitespace-nowrap">
                <Amount credit={c} />
              </div>
            </div>
            <p className="text-sm">{c.reason}</p>
            <p className="text-xs text-muted">
              Received {formatLagosDateTime(c.received_at)} · <Transfer credit={c} />
            </p>
            {buttons(c)}
          </>
        ),
      }}
    />
  );
}

/** What arrived and, while some is still held after an allocation, how much. */
function Amount({ credit: c }: { credit: AdminCredit }) {
  return (
    <>
      <span className="block font-semibold">{formatNaira(c.amount)}</span>
      {c.status === 'held' && c.held !== c.amount && (
        <span className="block text-xs text-muted">{formatNaira(c.held)} held</span>
      )}
    </>
  );
}

/** The provider's reference, who sent it, and the receipts of what it paid. */
function Transfer({ credit: c }: { credit: AdminCredit }) {
  const more = [c.sender && `from ${c.sender}`, c.receipts.length > 0 && `paid ${c.receipts.join(', ')}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <span className="font-mono text-xs break-all">{c.reference}</span>
      {more && <span className="text-xs text-muted"> {more}</span>}
    </>
  );
}
