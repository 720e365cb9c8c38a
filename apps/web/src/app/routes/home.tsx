import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { PinIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { hostelQueries } from '../../features/hostels/api/hostel-queries.ts';
import { Hero } from '../../features/marketing/components/hero.tsx';
import { Intro } from '../../features/marketing/components/intro.tsx';
import { RentalProcess } from '../../features/marketing/components/rental-process.tsx';
import { RoomTypes } from '../../features/marketing/components/room-types.tsx';
import { SellingPoints } from '../../features/marketing/components/selling-points.tsx';
import { SubscribeBox } from '../../features/marketing/components/subscribe-box.tsx';
import { Testimonial } from '../../features/reviews/components/testimonial.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Bundle budget: everything this file imports loads with `/`. No zod, no form library here.

function HostelDirectory() {
  const hostels = useQuery(hostelQueries.all());
  return (
    <section id="hostels" aria-labelledby="hostels-heading" className="section-page scroll-mt-20">
      <p className="eyebrow">Our hostels</p>
      <h2 id="hostels-heading" className="mt-2 text-2xl sm:text-3xl">
        Browse hostels
      </h2>
      <p className="mt-2 text-muted">
        Choose a hostel to see its photos, rooms and prices, or{' '}
        <Link to={paths.hostels.getHref()} className="font-semibold text-brand-700 underline">
          search by university, price and free rooms
        </Link>
        .
      </p>
      <div className="mt-6">
        {hostels.isPending && <Spinner label="Loading hostels…" />}
        {hostels.isError && <QueryError error={hostels.error} retry={() => hostels.refetch()} />}
        {hostels.data?.length === 0 && (
          <p className="text-muted">No hostels are listed yet. Please check back soon.</p>
        )}
        {hostels.data && hostels.data.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {hostels.data.map((h) => (
              <li key={h._id}>
                <Link
                  to={paths.hostel.getHref(h._id)}
                  className="card flex h-full flex-col gap-1 transition-colors hover:border-brand-600 hover:bg-brand-50"
                >
                  <span className="text-lg font-semibold text-brand-800">{h.hostel_name}</span>
                  <span className="flex items-start gap-1 text-sm text-muted">
                    <PinIcon className="mt-0.5 size-4 shrink-0" />
                    {h.address}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function Component() {
  useDocumentTitle('');
  return (
    <>
      <Hero />
      <Intro />
      <HostelDirectory />
      <RoomTypes />
      <SellingPoints />
      <RentalProcess />
      <Testimonial />
      <SubscribeBox />
    </>
  );
}
