import type { ReconciliationRun } from '@studynest/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format.ts';
import { isRecentlyStarted } from '../api/reconciliation-queries.ts';
import { DifferencesTable } from './differences-table.tsx';
import { RunStatusBadge } from './reconciliation-labels.tsx';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One term of the run's summary, read inline ("Payments: 3 here, 3 at the provider"). */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="inline text-muted">{term}: </dt>
      <dd className="inline">{children}</dd>
    </div>
  );
}

/** One run: what each side listed for its day, then each difference (or why there are none). */
export function RunDetails({ run }: { run: ReconciliationRun }) {
  const { counts } = run;
  return (
    <section aria-labelledby={`run-${run._id}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`run-${run._id}`} className="text-xl">
          {formatLagosDate(run.day)}
        </h2>
        <RunStatusBadge status={run.status} />
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <Fact term="Payments">
          {counts.ours_payments} here, {counts.theirs_payments} at the provider
        </Fact>
        <Fact term="Refunds">
          {counts.ours_refunds} here, {counts.theirs_refunds} at the provider
        </Fact>
        <Fact term="Ran">
          <time dateTime={run.started_at}>{formatLagosDateTime(run.started_at)}</time>
        </Fact>
      </dl>
      {run.status === 'failed' ? (
        <Alert tone="error">
          <p>Nothing was compared: {run.error ?? 'the run failed'}.</p>
          <p className="mt-1">Run this day again once the provider answers.</p>
        </Alert>
      ) : run.status === 'running' ? (
        isRecentlyStarted(run) ? (
          <Spinner label="Still comparing with the provider…" />
        ) : (
          <Alert tone="warning">This run never finished (its server stopped). Run this day again.</Alert>
        )
      ) : (
        <>
          {run.differences.length > 0 && (
            <p className="text-sm text-muted">
              {plural(run.differences.length, 'difference')}; the run settled{' '}
              {run.differences.filter((d) => d.settled).length} of them itself.
            </p>
          )}
          <DifferencesTable day={run.day} items={run.differences} />
        </>
      )}
    </section>
  );
}
