import type { ReconciliationRun } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { reconciliationQueries } from '../../../features/reconciliation/api/reconciliation-queries.ts';
import { ReconcileForm } from '../../../features/reconciliation/components/reconcile-form.tsx';
import { RunDetails } from '../../../features/reconciliation/components/run-details.tsx';
import { RunsTable } from '../../../features/reconciliation/components/runs-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * /admin-reconciliation (docs/domain.md, "Reconciliation"): the latest daily comparisons with the
 * payment provider, what the chosen one found (`?run=`, else the newest), and a form to compare a
 * day now.
 */
export function Component() {
  useDocumentTitle('Reconciliation');
  const runs = useQuery(reconciliationQueries.runs());
  const [params, setParams] = useSearchParams();
  const list = runs.data ?? [];
  const chosen = list.find((r) => r._id === params.get('run')) ?? list[0];
  const choose = (run: ReconciliationRun) => setParams({ run: run._id }, { replace: true });

  return (
    <section className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl">Reconciliation</h1>
        <p className="text-sm text-muted">
          Every day at 01:00 (Lagos time) the day before is compared with the payment provider: its successful
          payments and refunds against StudyNest's. What the run could put right itself is marked settled; the
          rest says what to do.
        </p>
      </div>
      <ReconcileForm onDone={choose} />
      {runs.isPending && <Spinner label="Loading reconciliation runs…" />}
      {runs.isError && <QueryError error={runs.error} retry={() => runs.refetch()} />}
      {runs.data && (
        <>
          {chosen && <RunDetails key={chosen._id} run={chosen} />}
          <h2 className="text-xl">Latest runs</h2>
          <RunsTable runs={list} selectedId={chosen?._id} onSelect={choose} />
        </>
      )}
    </section>
  );
}
