import type { EmergencyContact, Profile, ProfileUpdateInput } from '@studynest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileQuery } from '../../../lib/query-client.ts';

/**
 * PATCH /user/profile answers with the whole profile: put it straight in the cache. The admins' list
 * of accounts and its actions are in admin-user-queries.ts, out of the profile's download.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput & { emergency_contact?: Partial<EmergencyContact> }) =>
      api<Profile>('/user/profile', { method: 'PATCH', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery(profile._id).queryKey, profile);
      // The list, and the numbers to fix (a new number takes one off it).
      return queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
