import type { SavedItem } from '@studynest/contracts/saved';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Key ['saved']: her saved hostels and searches (docs/domain.md, "Saved hostels and searches"). */
export const savedQueries = {
  mine: () =>
    queryOptions({
      queryKey: ['saved'],
      queryFn: ({ signal }) => api<SavedItem[]>('/saved', { signal }),
    }),
};

/** Save a hostel (`hostel_id`) or a search (`search`: the search page's query string). */
export function useSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { hostel_id: string } | { search: string }) =>
      api<SavedItem>('/saved', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved'] }),
  });
}

export function useRemoveSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/saved/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved'] }),
  });
}

export function useSavedChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, channel }: { id: string; channel: SavedItem['channel'] }) =>
      api<SavedItem>(`/saved/${id}`, { method: 'PATCH', body: { channel } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['saved'] }),
  });
}
