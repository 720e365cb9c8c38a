import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDate, todayInLagos } from '../../../lib/format.ts';
import { conditionQuery } from '../api/condition-queries.ts';
import { ConditionForm, ConditionSummary } from './condition-report.tsx';

/**
 * The tenant's own record of her room at move-in (docs/domain.md, "The room's condition"): she
 * lists the items and sends them; an admin confirms. Until then she may change it (a new version);
 * once confirmed it is read-only here, and only an admin records a correction.
 */
export function TenantCondition({ tenancyId }: { tenancyId: string }) {
  const reports = useQuery(conditionQuery(tenancyId));
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState(false);

  if (reports.isPending) return <Spinner label="Loading your room's condition report…" />;
  if (reports.isError) return <QueryError error={reports.error} retry={() => reports.refetch()} />;
  const current = reports.data[0];

  if (!current || editing) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {current
            ? 'Change what you need and send it again. An admin confirms the newest version.'
            : 'Go through your room and list each item and how it is. Take a photo of anything damaged or missing. An admin of your hostel then checks and confirms it; your deposit is measured against it when you move out.'}
        </p>
        <ConditionForm
          tenancyId={tenancyId}
          start={current?.items}
          submitLabel="Send for confirmation"
          onSaved={() => {
            setSent(true);
            setEditing(false);
          }}
        />
        {editing && (
          <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
            Keep the version you sent
          </button>
        )}
      </div>
    );
  }

  const confirmed = current.status === 'confirmed';
  return (
    <div className="flex flex-col gap-4">
      {sent && !confirmed && (
        <Alert tone="success">Sent. An admin of your hostel will check it and confirm it.</Alert>
      )}
      {/* The profile's line says the same (room-condition-line.tsx); kept apart so it stays small. */}
      <p className="text-sm">
        {confirmed && current.confirmed_at ? (
          <>
            <span className="font-semibold">
              Confirmed on {formatLagosDate(todayInLagos(new Date(current.confirmed_at)))}.
            </span>{' '}
            It can no longer be changed here. If something in it is wrong, ask your hostel's admin to record a
            correction.
          </>
        ) : (
          <>
            <span className="font-semibold">Waiting for an admin to confirm.</span> You can still change it
            until then.
          </>
        )}
      </p>
      <ConditionSummary report={current} tenantView />
      {!confirmed && (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => {
            setSent(false);
            setEditing(true);
          }}
        >
          Change your report
        </button>
      )}
    </div>
  );
}
