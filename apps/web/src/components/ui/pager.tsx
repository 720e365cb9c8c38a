import { Spinner } from './spinner.tsx';

/** "Showing 51–100 of 312" for a page of `shown` items starting at `offset`. */
export function pageSummary(offset: number, shown: number, total: number, noun = 'entries'): string {
  return shown === 0
    ? `Nothing here: ${total} ${noun} in all`
    : `Showing ${offset + 1}–${offset + shown} of ${total}`;
}

/**
 * Previous and next buttons for a list the server pages with `?limit=&offset=` and X-Total-Count.
 * Both are disabled at their end and while a page loads, so a double click cannot skip one.
 */
export function Pager({
  label,
  offset,
  pageSize,
  total,
  loading,
  onChange,
  previous = 'Previous',
  next = 'Next',
}: {
  /** What the navigation landmark is called, e.g. "Maintenance pages". */
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  loading: boolean;
  onChange: (offset: number) => void;
  previous?: string;
  next?: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <button
        type="button"
        className="btn-secondary"
        disabled={offset === 0 || loading}
        onClick={() => onChange(Math.max(0, offset - pageSize))}
      >
        {previous}
      </button>
      {loading && <Spinner label="Loading…" />}
      <button
        type="button"
        className="btn-secondary"
        disabled={offset + pageSize >= total || loading}
        onClick={() => onChange(offset + pageSize)}
      >
        {next}
      </button>
    </nav>
  );
}
