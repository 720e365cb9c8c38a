import type { Agreement, AgreementAcceptInput } from '@studynest/contracts/agreements';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api-client.ts';

export const agreementQueries = {
  /** GET /agreements/rent: the agreement for the rent she may pay now for this room. */
  forRent: (roomId: string) =>
    queryOptions({
      queryKey: ['agreements', 'rent', roomId],
      queryFn: ({ signal }) =>
        api<Agreement>(`/agreements/rent?room_id=${encodeURIComponent(roomId)}`, { signal }),
      staleTime: 0,
    }),
  /** GET /agreements/mine: hers, newest first (the signed copies stay downloadable after paying). */
  mine: () =>
    queryOptions({
      queryKey: ['agreements', 'mine'],
      queryFn: ({ signal }) => api<Agreement[]>('/agreements/mine', { signal }),
      staleTime: 0,
    }),
};

/** Accept: her typed name, the tick, and the hash of the PDF she was shown. */
export function useAcceptAgreement(agreement: Agreement, roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<AgreementAcceptInput, 'document_sha256'>) =>
      api<Agreement>(`/agreements/${agreement._id}/accept`, {
        method: 'POST',
        body: { ...input, document_sha256: agreement.document_sha256 },
      }),
    onSuccess: (accepted) => {
      queryClient.setQueryData(agreementQueries.forRent(roomId).queryKey, accepted);
      void queryClient.invalidateQueries({ queryKey: agreementQueries.mine().queryKey });
    },
  });
}

/** Saves the agreement as she is shown it (TA-XXXXXXXX.pdf), or the signed copy. */
export function useAgreementDownload(agreement: Agreement, which: 'document' | 'signed') {
  return useMutation({
    mutationFn: () =>
      apiDownload(
        `/agreements/${agreement._id}/${which}.pdf`,
        `${agreement.agreement_number}${which === 'signed' ? '-signed' : ''}.pdf`,
      ),
  });
}
