import type { HostelSearchItem } from '@studynest/contracts';
import { typedNaira } from '@studynest/contracts/money';
import { AMENITY_LABELS, GENDER_POLICY_LABELS, UNIVERSITIES } from '@studynest/contracts/places';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { PinIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { hostelQueries } from '../../features/hostels/api/hostel-queries.ts';
import { formatNaira } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The filters live in the URL: a search is a link to share, and the back button undoes a change. */
const FILTERS = ['q', 'university', 'max_price', 'gender', 'available'] as const;

function SearchForm() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      const value = String(form.get(name) ?? '').trim();
      // A rent typed as people write it ("₦300,000") goes in the URL as the number; anything else
      // is sent as typed, for the server to say what is wrong with it.
      if (value) next.set(name, name === 'max_price' ? String(typedNaira(value) ?? value) : value);
    }
    setParams(next);
  }
  return (
    // Keyed by the URL so going back shows the filters of the results on screen.
    <search>
      <form key={params.toString()} onSubmit={submit} className="card flex flex-col gap-3">
        <label htmlFor={`${id}-q`} className="font-semibold">
          Search hostels
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            className="input min-w-0 flex-1"
            placeholder="Hostel, area or university"
            defaultValue={params.get('q') ?? ''}
            maxLength={100}
          />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </div>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="flex flex-col gap-1 text-sm">
            University
            <select name="university" className="input" defaultValue={params.get('university') ?? ''}>
              <option value="">Any university</option>
              {UNIVERSITIES.map((u) => (
                <option key={u.code} value={u.code}>
                  {u.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Rent up to (₦ per year)
            <input
              name="max_price"
              inputMode="numeric"
              autoComplete="off"
              className="input"
              defaultValue={params.get('max_price') ?? ''}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Who it takes
            <select name="gender" className="input" defaultValue={params.get('gender') ?? ''}>
              <option value="">Anyone</option>
              <option value="female">Takes female students</option>
              <option value="male">Takes male students</option>
              <option value="female_only">Female-only hostels</option>
              <option value="male_only">Male-only hostels</option>
              <option value="mixed">Mixed hostels</option>
            </select>
          </label>
          <label className="flex items-center gap-2 self-end pb-2 text-sm">
            <input
              name="available"
              type="checkbox"
              value="true"
              defaultChecked={params.get('available') === 'true'}
            />
            Rooms free now
          </label>
        </div>
      </form>
    </search>
  );
}

/** `first`: the top result's photo is the page's largest paint on a phone, so it is not lazy. */
function HostelCard({ hostel, first }: { hostel: HostelSearchItem; first: boolean }) {
  return (
    <Link
      to={paths.hostel.getHref(hostel.id)}
      className="card flex h-full flex-col gap-2 overflow-hidden p-0 transition-colors hover:border-brand-600"
    >
      {hostel.photo ? (
        <img
          src={hostel.photo}
          alt=""
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : (
        <div className="aspect-[4/3] w-full bg-brand-50" aria-hidden="true" />
      )}
      <div className="flex flex-col gap-1 p-4">
        <span className="text-lg font-semibold text-brand-800">{hostel.hostel_name}</span>
        <span className="flex items-start gap-1 text-sm text-muted">
          <PinIcon className="mt-0.5 size-4 shrink-0" />
          {hostel.city ?? hostel.address}
        </span>
        {hostel.min_available_price !== null ? (
          <span>
            from <strong>{formatNaira(hostel.min_available_price)}</strong> / year
          </span>
        ) : (
          <span className="text-muted">No room free right now</span>
        )}
        <span className="text-sm">
          {hostel.available_rooms} room{hostel.available_rooms === 1 ? '' : 's'} free
          {hostel.walking_minutes !== null && hostel.university
            ? ` · ${hostel.walking_minutes} min walk to ${hostel.university}`
            : ''}
        </span>
        <ul className="mt-1 flex flex-wrap gap-1" aria-label="Features">
          {hostel.gender_policy !== 'mixed' && (
            <li className="rounded-full bg-brand-50 px-2 py-0.5 text-xs">
              {GENDER_POLICY_LABELS[hostel.gender_policy]}
            </li>
          )}
          {hostel.amenities.map((a) => (
            <li key={a} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs">
              {AMENITY_LABELS[a]}
            </li>
          ))}
        </ul>
      </div>
    </Link>
  );
}

export function Component() {
  useDocumentTitle('Find a hostel');
  const [params] = useSearchParams();
  const search = useInfiniteQuery(hostelQueries.search(params));
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby="hostels-heading" className="section-page flex flex-col gap-6">
      <h1 id="hostels-heading" className="text-2xl sm:text-3xl">
        Find a hostel
      </h1>
      <SearchForm />
      <div aria-live="polite">
        {search.isPending && <Spinner label="Finding hostels…" />}
        {search.isError && <QueryError error={search.error} retry={() => search.refetch()} />}
        {search.isSuccess && items.length === 0 && (
          <p className="text-muted">No hostel matches this search. Try fewer filters or another spelling.</p>
        )}
        {items.length > 0 && (
          <ul aria-label="Search results" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((h, i) => (
              <li key={h.id}>
                <HostelCard hostel={h} first={i === 0} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {search.hasNextPage && (
        <button
          type="button"
          className="btn-secondary self-center"
          onClick={() => search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
        >
          {search.isFetchingNextPage ? 'Loading…' : 'Show more hostels'}
        </button>
      )}
    </section>
  );
}
