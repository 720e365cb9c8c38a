import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { bookingQueries } from '../../../features/bookings/api/booking-queries.ts';
import { BookingTable, byInspectionTime } from '../../../features/bookings/components/booking-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/**
 * /all-bookings (Booking(N) opens a real list: docs/domain.md, "Corrections to the original product"): upcoming paid inspections, soonest
 * first, by default; every booking attempt, newest first, on request.
 */
export function Component() {
  useDocumentTitle('Bookings');
  const [showAll, setShowAll] = useState(false);
  const bookings = useQuery(bookingQueries.list(!showAll));
  const rows = bookings.data ? (showAll ? bookings.data : [...bookings.data].sort(byInspectionTime)) : [];

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl">Bookings</h1>
          <p className="text-sm text-muted">
            {showAll
              ? 'Every booking, newest first, including unpaid and expired ones.'
              : 'Upcoming inspections whose agent fee is paid, soonest first.'}
          </p>
        </div>
        <fieldset className="inline-flex rounded-lg border border-line bg-white p-1">
          <legend className="sr-only">Which bookings</legend>
          <button
            type="button"
            aria-pressed={!showAll}
            className={`min-h-10 rounded-md px-3 text-sm font-semibold ${!showAll ? 'bg-brand-700 text-white' : 'text-ink hover:bg-subtle'}`}
            onClick={() => setShowAll(false)}
          >
            Upcoming paid
          </button>
          <button
            type="button"
            aria-pressed={showAll}
            className={`min-h-10 rounded-md px-3 text-sm font-semibold ${showAll ? 'bg-brand-700 text-white' : 'text-ink hover:bg-subtle'}`}
            onClick={() => setShowAll(true)}
          >
            All bookings
          </button>
        </fieldset>
      </div>

      {bookings.isPending && <Spinner label="Loading bookings…" />}
      {bookings.isError && <QueryError error={bookings.error} retry={() => bookings.refetch()} />}
      {bookings.data &&
        (rows.length === 0 ? (
          <p className="card text-muted">{showAll ? 'No bookings yet.' : 'No upcoming paid inspections.'}</p>
        ) : (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {rows.length} booking{rows.length === 1 ? '' : 's'}
            </p>
            <BookingTable bookings={rows} />
          </>
        ))}
    </section>
  );
}
