// Type-only contracts import: the landing page loads this file, and it must not pull in zod.
import type { Review, ReviewAdmin, ReviewCreate, ReviewCreated, ReviewStatus } from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const reviewQueries = {
  /** The newest approved review: the landing page's testimonial. */
  latest: () =>
    queryOptions({
      queryKey: ['reviews', 'public', 'latest'],
      queryFn: async ({ signal }) => (await api<Review[]>('/reviews?limit=1', { signal }))[0] ?? null,
    }),
  all: () =>
    queryOptions({
      queryKey: ['reviews', 'all'],
      queryFn: ({ signal }) => api<ReviewAdmin[]>('/reviews/all', { signal }),
    }),
};

export function useCreateReview() {
  return useMutation({
    mutationFn: (body: ReviewCreate) => api<ReviewCreated>('/reviews', { method: 'POST', body }),
  });
}

export function useSetReviewStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ReviewStatus }) =>
      api<ReviewAdmin>(`/reviews/${id}`, { method: 'PATCH', body: { status } }),
    // Both the moderation list and the landing page's testimonial may change.
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
