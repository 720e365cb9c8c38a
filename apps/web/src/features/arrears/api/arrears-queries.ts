import type { ArrearsItem } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Key ['arrears']: tenants past their due date, most overdue first. */
export const arrearsQueries = {
  list: () =>
    queryOptions({
      queryKey: ['arrears'],
      queryFn: ({ signal }) => api<ArrearsItem[]>('/admin/arrears', { signal }),
    }),
};
