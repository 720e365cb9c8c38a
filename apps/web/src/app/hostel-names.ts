import { useQuery } from '@tanstack/react-query';
import { hostelQueries } from '../features/hostels/api/hostel-queries.ts';

/** A hostel's name by id, for screens whose records name the hostel only by id (the message log). */
export function useHostelNames() {
  const hostels = useQuery(hostelQueries.adminList());
  return (id: string) => hostels.data?.find((h) => h._id === id)?.hostel_name;
}
