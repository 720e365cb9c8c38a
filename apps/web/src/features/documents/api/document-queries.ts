import type { DocumentKind, MyDocuments, StudentDocument } from '@studynest/contracts/documents';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload } from '../../../lib/api-client.ts';

/**
 * Key ['documents', 'mine']: her own documents. The admins' queue is in document-admin-queries.ts,
 * so neither screen downloads the other's code.
 */
export const myDocumentsQuery = () =>
  queryOptions({
    queryKey: ['documents', 'mine'],
    queryFn: ({ signal }) => api<MyDocuments>('/documents/mine', { signal }),
  });

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
