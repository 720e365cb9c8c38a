import type {
  AdminRefunds,
  RefundCloseInput,
  RefundClosure,
  RefundCreateInput,
  RefundRecord,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/** Key ['refunds']: payments owed back and the refunds made (admins). */
export const refundQueries = {
  overview: () =>
    queryOptions({
      queryKey: ['refunds'],
      queryFn: ({ signal }) => api<AdminRefunds>('/admin/refunds', { signal }),
      // A refund is pending only for a moment with the sandbox, longer with Paystack: look again while one is.
      refetchInterval: (query) =>
        query.state.data?.refunds.some((r) => r.status === 'pending') ? 3_000 : false,
    }),
};

/**
 * An admin refunds all or part of a payment (the answer is the pending refund): the Refunds lists
 * and the refunds report change.
 */
export function useCreateRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundCreateInput) => api<RefundRecord>('/admin/refunds', { method: 'POST', body }),
    onSuccess: () => invalidate(queryClient, refundQueries.overview().queryKey, ['reports']),
  });
}

/**
 * An admin closes a partly refunded payment, keeping the rest: the Refunds lists and the reports
 * change. `key` is the Idempotency-Key: a retry after a lost answer gets the closing already made.
 */
export function useCloseRefunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: RefundCloseInput & { key: string }) =>
      api<RefundClosure>('/admin/refunds/close', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => invalidate(queryClient, refundQueries.overview().queryKey, ['reports']),
  });
}
