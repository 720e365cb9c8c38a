import type { Hostel, HostelSearchResult, HostelSummary, Room, RoomWithHostel } from '@studynest/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const hostelQueries = {
  all: () =>
    queryOptions({
      queryKey: ['hostels'],
      queryFn: ({ signal }) => api<HostelSummary[]>('/hostels', { signal }),
    }),
  /** Admins: closed hostels too (each with is_closed). Under ['hostels'] so every hostel write refreshes it. */
  adminList: () =>
    queryOptions({
      queryKey: ['hostels', 'admin-list'],
      queryFn: ({ signal }) => api<HostelSummary[]>('/hostels?include_closed=1', { signal }),
    }),
  /**
   * A search, page by page (docs/domain.md, "Search"). `params` are the page's URL parameters, so the
   * same search shared as a link asks the same question.
   */
  search: (params: URLSearchParams) => {
    // A form sent without JavaScript names every field, the empty ones too: those are no filter.
    const query = new URLSearchParams([...params].filter(([, value]) => value.trim() !== ''));
    // Always a search, even with no filter chosen: the answer then has pages and availability.
    if (![...query.keys()].length) query.set('limit', '20');
    const apiPath = `/hostels?${query}`;
    return infiniteQueryOptions({
      queryKey: ['hostels', 'search', query.toString()],
      initialPageParam: null as string | null,
      queryFn: ({ signal, pageParam }) => {
        const page = new URLSearchParams(query);
        if (pageParam) page.set('cursor', pageParam);
        return api<HostelSearchResult>(`/hostels?${page}`, { signal });
      },
      getNextPageParam: (last) => last.next_cursor,
      // The first page, as the server renders /hostels with it (entry-server.tsx).
      meta: { apiPath },
    });
  },
  /**
   * The landing page's cards: hostels with a room a student can book now, newest first. The server
   * renders `/` with them (entry-server.tsx).
   */
  featured: () => {
    const apiPath = '/hostels?available=true&limit=6';
    return queryOptions({
      queryKey: ['hostels', 'featured'],
      queryFn: ({ signal }) => api<HostelSearchResult>(apiPath, { signal }),
      meta: { apiPath },
    });
  },
  detail: (id: string) => {
    const apiPath = `/hostels/${id}`;
    return queryOptions({
      queryKey: ['hostels', id],
      queryFn: ({ signal }) => api<Hostel>(apiPath, { signal }),
      meta: { apiPath },
    });
  },
};

export const roomQueries = {
  all: () =>
    queryOptions({
      queryKey: ['rooms'],
      queryFn: ({ signal }) => api<RoomWithHostel[]>('/rooms', { signal }),
    }),
  byHostel: (hostelId: string) => {
    const apiPath = `/rooms/hostel/${hostelId}`;
    return queryOptions({
      queryKey: ['rooms', 'hostel', hostelId],
      queryFn: ({ signal }) => api<Room[]>(apiPath, { signal }),
      meta: { apiPath },
    });
  },
  detail: (id: string) =>
    queryOptions({
      queryKey: ['rooms', 'room', id],
      queryFn: ({ signal }) => api<Room>(`/rooms/room/${id}`, { signal }),
    }),
};

/**
 * The hostel page's data. Its route starts these requests while the page's code downloads, and the
 * server renders the page with them (entry-server.tsx reads each query's `meta.apiPath`).
 */
export const hostelPageQueries = (hostelId: string) =>
  [hostelQueries.detail(hostelId), roomQueries.byHostel(hostelId)] as const;
