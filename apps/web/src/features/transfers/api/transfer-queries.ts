import type {
  AdminCredit,
  AmountDue,
  Credit,
  CreditStatus,
  DedicatedAccount,
  SandboxTransferResult,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/**
 * Keys ['dedicated-account'] (her own account number) and ['credits', …] (transfers held because
 * they matched nothing she owes exactly: hers, and everyone's for the admins); ['credit-dues', id]
 * (what one credit may pay, asked afresh each time the Allocate dialog opens).
 */
export const transferQueries = {
  /** GET /me/dedicated-account: where her account number stands. */
  account: () =>
    queryOptions({
      queryKey: ['dedicated-account'],
      queryFn: ({ signal }) => api<DedicatedAccount>('/me/dedicated-account', { signal }),
      // While the provider assigns it, look again now and then: it usually takes seconds.
      refetchInterval: (query) => (query.state.data?.state === 'requested' ? 5_000 : false),
    }),
  /** GET /me/credits: her credits, held and settled. */
  mine: () =>
    queryOptions({
      queryKey: ['credits', 'mine'],
      queryFn: ({ signal }) => api<Credit[]>('/me/credits', { signal }),
    }),
  /** GET /admin/credits?status=: everyone's credits in one state. */
  admin: (status: CreditStatus) =>
    queryOptions({
      queryKey: ['credits', 'admin', status],
      queryFn: ({ signal }) => api<AdminCredit[]>(`/admin/credits?status=${status}`, { signal }),
    }),
  /** GET /admin/credits/{id}/dues: what her credit may pay, oldest first. */
  dues: (creditId: string) =>
    queryOptions({
      queryKey: ['credit-dues', creditId],
      queryFn: ({ signal }) =>
        api<AmountDue[]>(`/admin/credits/${encodeURIComponent(creditId)}/dues`, { signal }),
      staleTime: 0,
    }),
};

/** Her account number, once she asks for one (the answer is where it stands now). */
export function useRequestAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<DedicatedAccount>('/me/dedicated-account', { method: 'POST' }),
    onSuccess: (account) => queryClient.setQueryData(transferQueries.account().queryKey, account),
  });
}

/**
 * What money arriving changes for her: the profile (what is paid and due), her payments (a new
 * receipt) and her credits (a transfer held).
 */
const afterMoney = (queryClient: ReturnType<typeof useQueryClient>) =>
  invalidate(queryClient, ['profile'], ['payments'], ['credits']);

/** Sandbox only: pretend her bank sent `amount` to her account number. */
export function useSandboxTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: number) =>
      api<SandboxTransferResult>('/sandbox/transfers', {
        method: 'POST',
        body: { amount },
      }),
    onSuccess: () => afterMoney(queryClient),
  });
}

/** An admin pays one amount due from a held credit. */
export function useAllocateCredit(creditId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (due_key: string) =>
      api<Credit>(`/admin/credits/${encodeURIComponent(creditId)}/allocate`, {
        method: 'POST',
        body: { due_key },
      }),
    onSuccess: () => afterMoney(queryClient),
  });
}

/**
 * An admin gives a held credit back through the provider. `key` is the Idempotency-Key: a retry
 * after a lost answer must not send her money twice.
 */
export function useRefundCredit(creditId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reason, key }: { reason: string; key: string }) =>
      api<Credit>(`/admin/credits/${encodeURIComponent(creditId)}/refund`, {
        method: 'POST',
        body: { reason },
        headers: { 'idempotency-key': key },
      }),
    onSuccess: () => invalidate(queryClient, ['credits'], ['refunds'], ['reports']),
  });
}
