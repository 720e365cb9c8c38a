import type { AuditEntry } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api-client.ts';

/** What the activity log is narrowed to: each left out (empty) means "any". */
export type AuditFilters = { person: string; kind: string; from: string; to: string };
export const AUDIT_FILTER_NAMES = ['person', 'kind', 'from', 'to'] as const;

/** Keys ['audit', { filters, limit, offset }]: one page of the admin activity log, newest first. */
export const auditQueries = {
  page: (filters: AuditFilters, limit: number, offset: number) =>
    queryOptions({
      queryKey: ['audit', { filters, limit, offset }],
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
        for (const name of AUDIT_FILTER_NAMES) if (filters[name]) query.set(name, filters[name]);
        return apiPage<AuditEntry>(`/admin/audit?${query}`, { signal });
      },
    }),
};
