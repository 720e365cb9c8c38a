import type {
  HostelReview,
  HostelReviewAdmin,
  HostelReviewOwn,
  HostelReviewWrite,
  ReviewableStay,
} from '@studynest/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiPage } from '../../../lib/api-client.ts';
import { isQueued, type Queued } from '../../../lib/offline-writes.tsx';

/** Reviews on the hostel page, a page at a time. */
export const HOSTEL_REVIEWS_PAGE = 5;
/** The admins' list, a page at a time. */
export const ADMIN_REVIEWS_PAGE = 20;

const paged = (limit: number, offset: number) =>
  new URLSearchParams({ limit: String(limit), offset: String(offset) });

/** Everything under ['hostel-reviews']; the ratings they change live in ['hostels']. */
export const hostelReviewQueries = {
  byHostel: (hostelId: string, offset: number) =>
    queryOptions({
      queryKey: ['hostel-reviews', 'hostel', hostelId, offset],
      queryFn: ({ signal }) =>
        apiPage<HostelReview>(`/hostels/${hostelId}/reviews?${paged(HOSTEL_REVIEWS_PAGE, offset)}`, {
          signal,
        }),
    }),
  mine: () =>
    queryOptions({
      queryKey: ['hostel-reviews', 'mine'],
      queryFn: ({ signal }) => api<ReviewableStay[]>('/hostel-reviews/mine', { signal }),
    }),
  admin: (offset: number) =>
    queryOptions({
      queryKey: ['hostel-reviews', 'admin', offset],
      queryFn: ({ signal }) =>
        apiPage<HostelReviewAdmin>(`/hostel-reviews?${paged(ADMIN_REVIEWS_PAGE, offset)}`, { signal }),
    }),
};

/** What a review's writes change: its lists and its hostel's rating (the hostel page and the search). */
export function useRefreshReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['hostel-reviews'] }),
      queryClient.invalidateQueries({ queryKey: ['hostels'] }),
    ]);
}

/** `toWorker`: sent even offline, for the service worker to keep (React Query would hold it back). */
function useRefreshing<V, R>(mutationFn: (vars: V) => Promise<R>, toWorker = false) {
  const refresh = useRefreshReviews();
  return useMutation({
    mutationFn,
    networkMode: toWorker ? 'always' : 'online',
    // A write the service worker kept changed nothing yet, and offline the refetch would wait.
    onSuccess: (answer) => (isQueued(answer) ? undefined : refresh()),
  });
}

/**
 * A new review of her stay's hostel (`key`: the submission's Idempotency-Key; offline the service
 * worker keeps it and answers `Queued`), or a change to the one she wrote.
 */
export const useSaveReview = () =>
  useRefreshing(
    ({
      hostelId,
      reviewId,
      key,
      ...body
    }: HostelReviewWrite & { hostelId: string; reviewId?: string; key: string }) =>
      reviewId
        ? api<HostelReviewOwn>(`/hostel-reviews/${reviewId}`, { method: 'PATCH', body })
        : api<HostelReviewOwn | Queued>(`/hostels/${hostelId}/reviews`, {
            method: 'POST',
            body,
            headers: { 'idempotency-key': key },
          }),
    true,
  );

export const useReportReview = () =>
  useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/hostel-reviews/${id}/report`, { method: 'POST' }),
  });

export const useHideReview = () =>
  useRefreshing(({ id, reason }: { id: string; reason: string }) =>
    api<HostelReviewAdmin>(`/hostel-reviews/${id}/hide`, { method: 'POST', body: { reason } }),
  );

export const useUnhideReview = () =>
  useRefreshing((id: string) => api<HostelReviewAdmin>(`/hostel-reviews/${id}/unhide`, { method: 'POST' }));
