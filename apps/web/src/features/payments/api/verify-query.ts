import type { PaymentDetail } from '@studynest/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Apart from the other payment queries: the router asks it as a payment return page starts loading
// (app/routes.tsx), so it is in the first download and they are not.

/** POST /payments/verify: checks the payment with the provider (the server applies it once) and returns it. */
export const verifyQuery = (reference: string) =>
  queryOptions({
    queryKey: ['payments', 'verify', reference],
    queryFn: ({ signal }) =>
      api<PaymentDetail>('/payments/verify', { method: 'POST', body: { reference }, signal }),
    // Always ask again on a fresh visit: a pending payment may have completed since.
    staleTime: 0,
  });

/** The payment a return page is about: the provider sends the browser back with ?reference= (and trxref=). */
export const returnedReference = (params: URLSearchParams) =>
  (params.get('reference') ?? params.get('trxref') ?? '').trim();
