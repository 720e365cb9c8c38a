import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { hostelQueries } from '../api/hostel-queries.ts';

/** The header's list of every open hostel: name and address, each leading to its page. */
export function HostelMenu({ onNavigate }: { onNavigate: () => void }) {
  const hostels = useQuery(hostelQueries.all());
  if (hostels.isPending) return <Spinner label="Loading hostels…" className="p-4" />;
  if (hostels.isError) return <QueryError error={hostels.error} retry={() => hostels.refetch()} />;
  if (hostels.data.length === 0)
    return <p className="p-4 text-muted">No hostels are listed yet. Please check back soon.</p>;
  return (
    <ul className="divide-y divide-line" aria-label="Hostels">
      {hostels.data.map((h) => (
        <li key={h._id}>
          <Link
            to={paths.hostel.getHref(h._id)}
            onClick={onNavigate}
            className="block px-4 py-3 hover:bg-brand-50 focus-visible:bg-brand-50"
          >
            <span className="block font-semibold text-ink">{h.hostel_name}</span>
            <span className="block text-sm text-muted">{h.address}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
