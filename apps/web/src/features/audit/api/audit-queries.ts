import type { AuditEntry } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPage } from '../../../lib/api-client.ts';

/** Keys ['audit', { limit, offset }]: one page of the admin activity log, newest first. */
export const auditQueries = {
  page: (limit: number, offset: number) =>
    queryOptions({
      queryKey: ['audit', { limit, offset }],
      queryFn: ({ signal }) =>
        apiPage<AuditEntry>(`/admin/audit?limit=${limit}&offset=${offset}`, { signal }),
    }),
};
