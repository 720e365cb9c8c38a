import type { HostelSearchResult, HostelSort } from '@studynest/contracts';
import { HOSTEL_SEARCH_PARAMS, ROOM_UNITS } from '@studynest/contracts/constants';
import { typedNaira } from '@studynest/contracts/money';
import { AMENITIES, AMENITY_LABELS, NIGERIAN_STATES, UNIVERSITIES } from '@studynest/contracts/places';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { hostelQueries } from '../../features/hostels/api/hostel-queries.ts';
import { HostelCard } from '../../features/hostels/components/hostel-card.tsx';
import { SaveButton } from '../../features/saved/components/save-button.tsx';
import { api } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * The filters live in the URL: a search is a link to share, the back button undoes a change, and a
 * browser without JavaScript sends the same form itself (GET) for the server to render.
 */
const FILTERS = HOSTEL_SEARCH_PARAMS.filter((name) => name !== 'limit' && name !== 'cursor');
/** Filters counted on the phone's "Filters" button: all but the words, which stay on screen. */
const PANEL_FILTERS = FILTERS.filter((f) => f !== 'q');

const SORTS: { value: HostelSort | ''; label: string }[] = [
  { value: '', label: 'Best match (newest without words)' },
  { value: 'price', label: 'Cheapest first' },
  { value: '-price', label: 'Dearest first' },
  { value: 'nearest', label: 'Nearest to campus (choose a university)' },
  { value: 'newest', label: 'Newest' },
];

/** Names of hostels whose words begin like `words` (the search's own matching), for suggestions. */
const hostelNamesLike = (words: string) =>
  queryOptions({
    queryKey: ['hostels', 'suggestions', words],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q: words, limit: '6' });
      const found = await api<HostelSearchResult>(`/hostels?${query}`, { signal });
      return found.items.map((h) => h.hostel_name);
    },
    staleTime: 5 * 60_000,
  });

/** How long typing must pause before hostel names are looked up: one request per word, not per key. */
const SUGGEST_DELAY_MS = 300;

/**
 * Suggestions for the words box (a native datalist: the browser gives it keyboard and screen-reader
 * support): universities and the places they are in, always; hostel names that match what is typed,
 * looked up once typing pauses.
 */
function useSuggestions(typed: string) {
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWords(typed.trim()), SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const names = useQuery({
    ...hostelNamesLike(words),
    enabled: words.length >= 2,
  });
  const places = UNIVERSITIES.flatMap((u) => [u.code, u.name, u.city]);
  return [...new Set([...(names.data ?? []), ...places])];
}

function SearchForm() {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const panel = useRef<HTMLDetailsElement>(null);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const suggestions = useSuggestions(typed);
  const chosen = PANEL_FILTERS.filter((f) => params.getAll(f).some((v) => v.trim() !== '')).length;
  const amenities = new Set(params.getAll('amenities').flatMap((a) => a.split(',')));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTERS) {
      for (const value of form.getAll(name)) {
        const text = String(value).trim();
        // A rent typed as people write it ("₦300,000") goes in the URL as the number; anything else
        // is sent as typed, for the server to say what is wrong with it.
        const money = name === 'min_price' || name === 'max_price';
        if (text) next.append(name, money ? String(typedNaira(text) ?? text) : text);
      }
    }
    if (panel.current) panel.current.open = false;
    setParams(next);
    // A new search starts at its first result, not where the panel's button was.
    document.getElementById('hostels-heading')?.scrollIntoView();
  }
  const field = 'flex flex-col gap-1 text-sm';
  return (
    // Keyed by the URL so going back shows the filters of the results on screen.
    <search>
      <form
        key={params.toString()}
        method="get"
        action={paths.hostels.path}
        onSubmit={submit}
        className="card flex flex-col gap-3"
      >
        <label htmlFor={`${id}-q`} className="font-semibold">
          Search hostels
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            list={`${id}-suggestions`}
            className="input min-w-0 flex-1"
            placeholder="Hostel, area or university"
            defaultValue={params.get('q') ?? ''}
            onChange={(e) => setTyped(e.target.value)}
            maxLength={100}
            autoComplete="off"
          />
          <datalist id={`${id}-suggestions`}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          <button type="submit" className="btn-primary">
            Search
          </button>
        </div>
        {/*
          Phones: the filters open as a sheet from the bottom (a <details>, so it opens without
          JavaScript too). Wide screens: always open, a side panel.
        */}
        <details
          ref={panel}
          className="group md:[&::details-content]:[content-visibility:visible] md:[&::details-content]:block"
        >
          <summary className="btn-secondary w-full cursor-pointer list-none md:hidden">
            Filters{chosen > 0 ? ` (${chosen})` : ''}
          </summary>
          <div className="flex flex-col gap-3 max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-40 max-md:max-h-[85vh] max-md:overflow-y-auto max-md:rounded-t-2xl max-md:border-t max-md:border-line max-md:bg-white max-md:p-4 max-md:shadow-2xl">
            <div className="flex items-center justify-between md:hidden">
              <p className="text-lg font-semibold">Filters</p>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  if (panel.current) panel.current.open = false;
                }}
              >
                Close
              </button>
            </div>
            <label className={field}>
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
            <div className="grid grid-cols-2 gap-3">
              <label className={field}>
                State
                <select name="state" className="input" defaultValue={params.get('state') ?? ''}>
                  <option value="">Any state</option>
                  {NIGERIAN_STATES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </label>
              <label className={field}>
                City or area
                <input
                  name="city"
                  className="input"
                  defaultValue={params.get('city') ?? ''}
                  maxLength={100}
                  autoComplete="address-level2"
                />
              </label>
            </div>
            <label className={field}>
              Room type
              <select name="unit" className="input" defaultValue={params.get('unit') ?? ''}>
                <option value="">Any room type</option>
                {ROOM_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {u[0]?.toUpperCase()}
                    {u.slice(1)}
                  </option>
                ))}
              </select>
            </label>
            <div className="grid grid-cols-2 gap-3">
              {(
                [
                  ['min_price', 'Rent from (₦ per year)'],
                  ['max_price', 'Rent up to (₦ per year)'],
                ] as const
              ).map(([name, label]) => (
                <label key={name} className={field}>
                  {label}
                  <input
                    name={name}
                    inputMode="numeric"
                    className="input"
                    defaultValue={params.get(name) ?? ''}
                  />
                </label>
              ))}
            </div>
            <label className={field}>
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
            <fieldset className="flex flex-col gap-1 text-sm">
              <legend className="mb-1">Must have</legend>
              <div className="grid grid-cols-2 gap-1">
                {AMENITIES.map((a) => (
                  <label key={a} className="flex min-h-8 items-center gap-2">
                    <input name="amenities" type="checkbox" value={a} defaultChecked={amenities.has(a)} />
                    {AMENITY_LABELS[a]}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="flex min-h-8 items-center gap-2 text-sm">
              <input
                name="available"
                type="checkbox"
                value="true"
                defaultChecked={params.get('available') === 'true'}
              />
              Rooms free now
            </label>
            <label className={field}>
              Sort
              <select name="sort" className="input" defaultValue={params.get('sort') ?? ''}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
            {/* Always in reach at the foot of the sheet, however far its filters scroll. */}
            <div className="max-md:sticky max-md:-bottom-4 max-md:-mx-4 max-md:border-t max-md:border-line max-md:bg-white max-md:p-4">
              <button type="submit" className="btn-primary w-full">
                Show results
              </button>
            </div>
          </div>
        </details>
      </form>
    </search>
  );
}

const lastCursor = (pages: { next_cursor: string | null }[] | undefined) => pages?.at(-1)?.next_cursor ?? '';

function withCursor(params: URLSearchParams, cursor: string) {
  const next = new URLSearchParams(params);
  next.set('cursor', cursor);
  return next;
}

export function Component() {
  useDocumentTitle('Find a hostel');
  const [params] = useSearchParams();
  const search = useInfiniteQuery(hostelQueries.search(params));
  const items = search.data?.pages.flatMap((p) => p.items) ?? [];
  const total = search.data?.pages[0]?.total;
  return (
    <section aria-labelledby="hostels-heading" className="section-page flex flex-col gap-4">
      <h1 id="hostels-heading" className="scroll-mt-24 text-2xl sm:text-3xl">
        Find a hostel
      </h1>
      <div className="flex flex-col gap-4 md:grid md:grid-cols-[18rem_1fr] md:items-start md:gap-6">
        <SearchForm />
        <div className="flex flex-col gap-4">
          <div aria-live="polite">
            {typeof total === 'number' && (
              <p className="mb-3 font-semibold">
                {total === 1 ? '1 hostel matches' : `${total.toLocaleString('en-NG')} hostels match`}
              </p>
            )}
            {params.size > 0 && (
              <div className="mb-3 flex">
                <SaveButton target={{ search: params.toString() }} label="Save this search" />
              </div>
            )}
            {search.isPending && <Spinner label="Finding hostels…" />}
            {search.isError && <QueryError error={search.error} retry={() => search.refetch()} />}
            {search.isSuccess && items.length === 0 && (
              <p className="text-muted">
                No hostel matches this search. Try fewer filters or another spelling.
              </p>
            )}
            {items.length > 0 && (
              <ul aria-label="Search results" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {items.map((h, i) => (
                  <li key={h.id}>
                    <HostelCard hostel={h} first={i === 0} budget={params.get('max_price')} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          {search.hasNextPage && (
            // A link to the next page by its cursor (what a browser without JavaScript follows); with
            // JavaScript the next page is added below the ones on screen instead.
            <Link
              to={paths.hostels.getHref(withCursor(params, lastCursor(search.data?.pages)))}
              className="btn-secondary self-center"
              aria-disabled={search.isFetchingNextPage}
              onClick={(event) => {
                event.preventDefault();
                if (!search.isFetchingNextPage) search.fetchNextPage();
              }}
            >
              {search.isFetchingNextPage ? 'Loading…' : 'Show more hostels'}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
