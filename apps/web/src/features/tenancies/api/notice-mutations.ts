import type { TenancyNoticeInput, TenancyNoticeState } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth-storage.ts';
import { profileQuery } from '../../../lib/query-client.ts';

// The tenant's side of a tenancy, apart from the admins' (tenancy-queries.ts): only the profile
// uses these, so they travel in its own download.

/** The tenant's notice shows on their own profile (and nowhere else this browser holds). */
function useRefreshOwnProfile() {
  const queryClient = useQueryClient();
  const userId = useSession()?.userId ?? '';
  return () => queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey });
}

/** The tenant gives (or changes) their notice to move out. */
export function useGiveNotice() {
  const refresh = useRefreshOwnProfile();
  return useMutation({
    mutationFn: (body: TenancyNoticeInput) =>
      api<TenancyNoticeState>('/tenancy/notice', { method: 'POST', body }),
    onSuccess: refresh,
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
