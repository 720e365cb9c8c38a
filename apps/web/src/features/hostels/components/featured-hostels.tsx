import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { hostelQueries } from '../api/hostel-queries.ts';
import { HostelCard } from './hostel-card.tsx';

/** The landing page's cards: hostels with a room free now, as search shows them, and the way to the rest. */
export function FeaturedHostels() {
  const featured = useQuery(hostelQueries.featured());
  if (featured.isPending) return <Spinner label="Loading hostels…" />;
  if (featured.isError) return <QueryError error={featured.error} retry={() => featured.refetch()} />;
  const { items, total } = featured.data;
  if (items.length === 0)
    return <p className="text-muted">No room is free right now. Please check back soon.</p>;
  return (
    <>
      <ul aria-label="Hostels with a room free" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((h) => (
          <li key={h.id}>
            {/* The hero's picture is the page's largest paint: every card photo waits. */}
            <HostelCard hostel={h} first={false} />
          </li>
        ))}
      </ul>
      {(total ?? 0) > items.length && (
        <p className="mt-6">
          <Link
            to={paths.hostels.getHref(new URLSearchParams({ available: 'true' }))}
            className="btn-secondary"
          >
            See all {total} hostels with a room free
          </Link>
        </p>
      )}
    </>
  );
}
