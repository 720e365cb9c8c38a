import type { AuditEntry } from '@studynest/contracts';
import { AUDIT_KIND_LABELS } from '@studynest/contracts/audit-kinds';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';

/**
 * The admin activity log: every change an admin made (refused requests changed nothing and are not
 * recorded), newest first, each in the words kept when it happened. An entry from before words
 * were kept reads in general words of its kind (the API says which).
 */
/** Who did it: the admin, a scheduled job (retention's deletions, action `JOB …`), or an admin since deleted. */
const doneBy = (e: AuditEntry) =>
  e.actor?.name || (e.action.startsWith('JOB ') ? 'the nightly clean-up' : 'a deleted admin');
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const when = (e: AuditEntry) => <time dateTime={e.created_at}>{formatLagosDateTime(e.created_at)}</time>;
  const what = (e: AuditEntry) => (
    <>
      <span className="block font-medium">{e.summary}</span>
      {e.kind && <span className="block text-xs text-muted">{AUDIT_KIND_LABELS[e.kind]}</span>}
    </>
  );
  const who = (e: AuditEntry) => (
    <>
      <span className="block">{capitalised(doneBy(e))}</span>
      {e.actor && <span className="block break-all text-xs text-muted">{e.actor.email}</span>}
    </>
  );
  return (
    <AdminTable
      columns={[
        { header: 'When', className: 'whitespace-nowrap', cell: when },
        { header: 'What happened', cell: what },
        { header: 'Admin', cell: who },
      ]}
      cards={{
        label: 'Activity log',
        render: (e) => (
          <>
            <div>{what(e)}</div>
            <div className="flex flex-wrap justify-between gap-x-3 text-sm text-muted">
              {when(e)}
              <span>by {doneBy(e)}</span>
            </div>
          </>
        ),
      }}
      label="Activity log table"
      minWidth="min-w-[36rem]"
      rows={entries}
    />
  );
}
