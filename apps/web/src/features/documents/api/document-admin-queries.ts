import type { DocumentQueueItem } from '@studynest/contracts/documents';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/auth-storage.ts';

/** Key ['documents', 'queue']: the documents waiting for an admin, oldest first. */
export const documentQueueQuery = () =>
  queryOptions({
    queryKey: ['documents', 'queue'],
    queryFn: ({ signal }) => api<DocumentQueueItem[]>('/admin/documents', { signal }),
  });

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: { id: string; decision: 'approve' } | { id: string; decision: 'reject'; reason: string }) =>
      api<DocumentQueueItem>(`/admin/documents/${id}/review`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}

/**
 * Open a document's file in a new tab: fetched with the bearer token (it has no public URL), shown
 * from memory. The tab is opened first, inside the click, so a popup blocker lets it through.
 */
export async function openDocument(id: string): Promise<void> {
  const tab = window.open('', '_blank');
  const session = getSession();
  const res = await fetch(`/api/documents/${id}/file`, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  }).catch(() => null);
  if (!res?.ok) {
    tab?.close();
    const body = (await res?.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res?.status ?? 0, body?.message ?? 'The document could not be opened. Try again.');
  }
  const url = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
