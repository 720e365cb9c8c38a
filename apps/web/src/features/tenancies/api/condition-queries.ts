import type { ConditionRecordInput, ConditionReport, Photo } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-client.ts';

/**
 * Key ['condition', tenancyId]: a tenancy's move-in condition reports, newest version first. Their
 * photo links are signed for an hour, so the list is read again after half of that.
 */
export const conditionQuery = (tenancyId: string) =>
  queryOptions({
    queryKey: ['condition', tenancyId],
    queryFn: ({ signal }) => api<ConditionReport[]>(`/tenancies/${tenancyId}/condition`, { signal }),
    staleTime: 30 * 60_000,
  });

/** Photos are uploaded as they are chosen; the report's items then name them. */
export function useUploadConditionPhotos(tenancyId: string) {
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('photos', file);
      return api<Photo[]>(`/tenancies/${tenancyId}/condition/photos`, { method: 'POST', body: form });
    },
  });
}

function useConditionWrite<Input>(tenancyId: string, send: (input: Input) => Promise<ConditionReport>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // The tenant's profile says where her report stands (rentDetails.condition).
    onSuccess: () => invalidate(queryClient, ['condition', tenancyId], ['profile']),
  });
}

export const useRecordCondition = (tenancyId: string) =>
  useConditionWrite(tenancyId, (body: ConditionRecordInput) =>
    api<ConditionReport>(`/tenancies/${tenancyId}/condition`, { method: 'POST', body }),
  );

export const useConfirmCondition = (tenancyId: string) =>
  useConditionWrite<void>(tenancyId, () =>
    api<ConditionReport>(`/admin/tenancies/${tenancyId}/condition/confirm`, { method: 'POST' }),
  );
