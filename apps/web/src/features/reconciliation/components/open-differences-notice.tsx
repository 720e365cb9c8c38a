import type { AdminOverview } from '@studynest/contracts/admin-overview';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDate } from '../../../lib/format.ts';

/**
 * The admin home's one line about the money: shown only while a recent reconciliation has
 * differences left to do (the days come with the home's figures, GET /api/admin/overview); nothing
 * when all agree.
 */
export function OpenDifferencesNotice({ days }: { days: AdminOverview['reconciliation'] }) {
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
        <Link to={paths.admin.reconciliation.getHref(first.run_id)} className="font-semibold underline">
          Review reconciliation
        </Link>
      </p>
    </Alert>
  );
}
