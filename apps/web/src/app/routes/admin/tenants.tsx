import type { Tenant } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { siteQueries } from '../../../features/marketing/api/marketing-queries.ts';
import { tenancyQueries } from '../../../features/tenancies/api/tenancy-queries.ts';
import { ConditionDialog } from '../../../features/tenancies/components/condition-report.tsx';
import { MoveOutDialog } from '../../../features/tenancies/components/move-out-dialog.tsx';
import { TenantTable, tenantMatches } from '../../../features/tenancies/components/tenant-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PersonMessageButtons, useComposeMessage } from '../../compose-message.tsx';

/**
 * /admin-tenants: the tenants the admin loads, searchable (docs/domain.md, "Corrections to the
 * original product"), with how many have given notice (the admin home's "Notices given" card).
 */
export function Component() {
  useDocumentTitle('Tenants');
  const tenants = useQuery(tenancyQueries.tenants());
  // The notice period in the terms: the move-out form checks notice dates with it.
  const site = useQuery(siteQueries.info());
  const [search, setSearch] = useState('');
  const shown = tenants.data?.filter((t) => tenantMatches(t, search)) ?? [];
  const givenNotice = tenants.data?.filter((t) => t.notice).length ?? 0;
  const { compose, dialog } = useComposeMessage();
  const [movingOut, setMovingOut] = useState<Tenant | null>(null);
  const [inspecting, setInspecting] = useState<Tenant | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl">Tenants</h1>
        {tenants.data && (
          <p className="text-sm text-muted" aria-live="polite">
            {search.trim()
              ? `Showing ${shown.length} of ${tenants.data.length} tenants`
              : `Total Tenants: ${tenants.data.length}, ${givenNotice} given notice to move out`}
          </p>
        )}
      </div>

      <SearchField
        label="Search tenants"
        placeholder="Search by name, e-mail, hostel or room"
        value={search}
        onSearch={setSearch}
      />

      {tenants.isPending && <Spinner label="Loading tenants…" />}
      {tenants.isError && <QueryError error={tenants.error} retry={() => tenants.refetch()} />}
      {tenants.data &&
        (tenants.data.length === 0 ? (
          <p className="card text-muted">
            No tenants yet. Students appear here once they have paid the rent for a room.
          </p>
        ) : shown.length === 0 ? (
          <p className="card text-muted">No tenants match “{search.trim()}”.</p>
        ) : (
          <TenantTable
            tenants={shown}
            rowActions={(t) => (
              <div className="flex flex-col gap-2">
                <PersonMessageButtons
                  userId={t.user._id}
                  name={`${t.user.first_name} ${t.user.last_name}`}
                  compose={compose}
                />
                <button
                  type="button"
                  className="btn-secondary whitespace-nowrap"
                  aria-label={`Room condition of ${t.user.first_name} ${t.user.last_name}`}
                  onClick={() => setInspecting(t)}
                >
                  Room condition
                </button>
                <button
                  type="button"
                  className="btn-secondary whitespace-nowrap"
                  aria-label={`Move out ${t.user.first_name} ${t.user.last_name}`}
                  onClick={() => setMovingOut(t)}
                >
                  Move out
                </button>
              </div>
            )}
          />
        ))}
      {dialog}
      <ConditionDialog tenant={inspecting} onClose={() => setInspecting(null)} />
      <MoveOutDialog
        tenant={movingOut}
        noticeDays={site.data?.tenantNoticeDays}
        onClose={() => setMovingOut(null)}
      />
    </section>
  );
}
