import { Suspense } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { Hero } from '../../features/marketing/components/hero.tsx';
import { Intro } from '../../features/marketing/components/intro.tsx';
import { RentalProcess } from '../../features/marketing/components/rental-process.tsx';
import { RoomTypes } from '../../features/marketing/components/room-types.tsx';
import { SellingPoints } from '../../features/marketing/components/selling-points.tsx';
import { SubscribeBox } from '../../features/marketing/components/subscribe-box.tsx';
import { splitComponent } from '../../lib/split-component.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

// Bundle budget: everything this file imports loads with `/`. No zod, no form library here.

/**
 * Below the fold and live: their code loads after the page's (the server renders them in place).
 * The testimonial brings the date formatting and the stars with it.
 */
const Cards = splitComponent(() =>
  import('../../features/hostels/components/featured-hostels.tsx').then((m) => m.FeaturedHostels),
);
const Testimonial = splitComponent(() =>
  import('../../features/reviews/components/testimonial.tsx').then((m) => m.Testimonial),
);

/** Hostels with a room free now, newest first; rendered on the server with the page. */
function HostelDirectory() {
  return (
    <section id="hostels" aria-labelledby="hostels-heading" className="section-page scroll-mt-20">
      <p className="eyebrow">Our hostels</p>
      <h2 id="hostels-heading" className="mt-2 text-2xl sm:text-3xl">
        Browse hostels
      </h2>
      <p className="mt-2 text-muted">
        With a room free now. Choose a hostel to see its photos, rooms and prices, or{' '}
        <Link to={paths.hostels.getHref()} className="font-semibold text-brand-700 underline">
          search by university, price and free rooms
        </Link>
        .
      </p>
      <div className="mt-6">
        <Suspense fallback={<Spinner label="Loading hostels…" />}>
          <Cards />
        </Suspense>
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
      <Suspense fallback={null}>
        <Testimonial />
      </Suspense>
      <SubscribeBox />
    </>
  );
}
