import type { TenancyNoticeInput, TenancyNoticeState } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { isQueued, type Queued } from '../../../lib/offline-writes.tsx';
import { profileQuery } from '../../../lib/query-client.ts';

// The tenant's side of a tenancy, apart from the admins' (tenancy-queries.ts): only the profile
// uses these, so they travel in its own download.

/** The tenant's notice shows on their own profile (and nowhere else this browser holds). */
export function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? '';
  return () => queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey });
}

/**
 * The tenant gives (or changes) their notice to move out. `key` is the submission's
 * Idempotency-Key: offline, the service worker keeps the notice and answers `Queued`.
 */
export function useGiveNotice() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    // Offline it goes to the service worker, which keeps it (React Query would hold it back).
    networkMode: 'always',
    mutationFn: ({ key, ...body }: TenancyNoticeInput & { key: string }) =>
      api<TenancyNoticeState | Queued>('/tenancy/notice', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key },
      }),
    // A kept notice changed nothing yet, and offline the refetch would wait for the signal.
    onSuccess: (answer) => (isQueued(answer) ? undefined : refresh()),
  });
}

/** The tenant takes their notice back. */
export function useWithdrawNotice() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: () => api<null>('/tenancy/notice', { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
