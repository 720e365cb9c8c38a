import type {
  PaymentHistoryItem,
  PaymentInitiateInput,
  PaymentInitiateResponse,
  PaymentKind,
} from '@studynest/contracts';
import { PAYMENT_INITIATE_PATHS } from '@studynest/contracts/constants';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '../../../config/paths.ts';
import { api, apiDownload } from '../../../lib/api-client.ts';
import { verifyQuery } from './verify-query.ts';

export const paymentQueries = {
  verify: verifyQuery,
  /** GET /payments/mine: every payment of the signed-in person, newest first. */
  mine: () =>
    queryOptions({
      queryKey: ['payments', 'mine'],
      queryFn: ({ signal }) => api<PaymentHistoryItem[]>('/payments/mine', { signal }),
      staleTime: 0,
    }),
};

/**
 * Saves the server's receipt PDF of a successful payment under its receipt number, as the server
 * names it: SN-2026-000123.pdf (docs/domain.md, Receipts: the server holds the receipt number and
 * its verification code).
 */
export function useReceiptDownload(reference: string, receiptNumber: string | null) {
  return useMutation({
    mutationFn: () =>
      apiDownload(
        `/payments/${encodeURIComponent(reference)}/receipt.pdf`,
        `${receiptNumber ?? 'receipt'}.pdf`,
      ),
  });
}

type InitiateInput = Omit<PaymentInitiateInput, 'callback_url'>;

/** Where the provider sends the browser back after checkout: this site's receipt page for the kind. */
const callbackFor = (kind: PaymentKind) =>
  window.location.origin + (kind === 'rent' ? paths.rentReceipt.getHref() : paths.receipt.getHref());

/** Start paying → checkoutLink. The caller sends the browser there. */
export function initiatePayment(kind: PaymentKind, input: InitiateInput) {
  return api<PaymentInitiateResponse>(PAYMENT_INITIATE_PATHS[kind], {
    method: 'POST',
    body: { ...input, callback_url: callbackFor(kind) },
  });
}

/**
 * Start a payment and leave for the checkout page. Treat `isPending || isSuccess` as busy: after
 * success the browser is on its way to the checkout. Coming back with the Back button may restore
 * this page from the back/forward cache, so the mutation is reset then and the buttons work again.
 */
export function usePayAndCheckout(kind: PaymentKind) {
  const mutation = useMutation({
    mutationFn: async (input: InitiateInput) => {
      const { checkoutLink } = await initiatePayment(kind, input);
      window.location.assign(checkoutLink);
    },
  });
  const { reset } = mutation;
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
  return mutation;
}
