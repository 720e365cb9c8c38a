import { formatNaira } from '@studynest/contracts/format';
import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { arrearsQueries } from '../../../features/arrears/api/arrears-queries.ts';
import { ArrearsTable } from '../../../features/arrears/components/arrears-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChannelButtons, PersonMessageButtons, useComposeMessage } from '../../compose-message.tsx';

/** /admin-arrears: tenants whose rent due date (Lagos) has passed, most overdue first. */
export function Component() {
  useDocumentTitle('Arrears');
  const arrears = useQuery(arrearsQueries.list());
  const items = arrears.data ?? [];
  const owed = items.reduce((sum, a) => sum + a.amountOwed, 0);
  const { compose, dialog } = useComposeMessage();
  const toAllInArrears = (channel: 'email' | 'sms') =>
    compose({ channel, audience: { type: 'arrears' }, audienceLabel: 'Tenants in arrears' });

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl">Arrears</h1>
          <p className="text-sm text-muted">Tenants past their rent due date, most overdue first.</p>
        </div>
        {items.length > 0 && <ChannelButtons to="all tenants in arrears" onPick={toAllInArrears} />}
      </div>
      {arrears.isPending && <Spinner label="Loading arrears…" />}
      {arrears.isError && <QueryError error={arrears.error} retry={() => arrears.refetch()} />}
      {items.length > 0 && (
        <p className="text-sm text-muted">
          {items.length} {items.length === 1 ? 'tenant owes' : 'tenants owe'} {formatNaira(owed)} in all.
        </p>
      )}
      {arrears.data && (
        <ArrearsTable
          items={items}
          rowActions={(a) => (
            <PersonMessageButtons
              userId={a.user._id}
              name={`${a.user.first_name} ${a.user.last_name}`}
              compose={compose}
            />
          )}
        />
      )}
      {dialog}
    </section>
  );
}
