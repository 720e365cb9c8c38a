import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { reconciliationQueries } from '../api/reconciliation-queries.ts';
import { openDifferenceDays } from './open-differences.ts';

/**
 * The dashboard's one line about the money: shown only while a recent reconciliation has
 * differences left to do (see openDifferenceDays); nothing while loading or when all agree.
 */
export function OpenDifferencesNotice() {
  const runs = useQuery(reconciliationQueries.runs());
  const days = runs.data ? openDifferenceDays(runs.data) : [];
  const first = days[0];
  if (!first) return null;
  const open = days.reduce((n, d) => n + d.open, 0);
  return (
    <Alert tone="warning">
      <p>
        <strong>
          {open} {open === 1 ? 'difference' : 'differences'} with the payment provider
        </strong>{' '}
        to look at ({days.map((d) => formatLagosDate(d.day)).join(', ')}).{' '}
        <Link to={paths.admin.reconciliation.getHref(first.runId)} className="font-semibold underline">
          Review reconciliation
        </Link>
      </p>
    </Alert>
  );
}
