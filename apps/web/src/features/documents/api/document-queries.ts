import type { DocumentKind, DocumentQueueItem, MyDocuments, StudentDocument } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiUpload } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/auth-storage.ts';

/** Key ['documents', …]: her own documents, and the admins' review queue. */
export const documentQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['documents', 'mine'],
      queryFn: ({ signal }) => api<MyDocuments>('/documents/mine', { signal }),
    }),
  queue: () =>
    queryOptions({
      queryKey: ['documents', 'queue'],
      queryFn: ({ signal }) => api<DocumentQueueItem[]>('/admin/documents', { signal }),
    }),
};

/** Upload one document (multipart: the kind first, then the file); `onProgress` gets the share sent. */
export function useUploadDocument(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: DocumentKind; file: File }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file, file.name);
      return apiUpload<StudentDocument>('/documents', form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}

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
