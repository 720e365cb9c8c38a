import type { SavedItem } from '@studynest/contracts/saved';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { savedQueries, useRemoveSaved, useSavedChannel } from '../api/saved-queries.ts';

/** Her saved hostels and searches: each opens again, says where its alerts go, and can be removed. */
export function SavedList() {
  const saved = useQuery(savedQueries.mine());
  if (saved.isPending) return <Spinner label="Loading your saved list…" />;
  if (saved.isError) return <QueryError error={saved.error} retry={() => saved.refetch()} />;
  if (!saved.data.length) {
    return (
      <div className="card flex flex-col gap-3">
        <p>
          Nothing saved yet. Save a hostel from its page, or a search from the search page, and we'll tell you
          when a room comes free.
        </p>
        <Link to={paths.hostels.getHref()} className="btn-primary self-start">
          Find a hostel
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Saved hostels and searches" className="flex flex-col gap-3">
      {saved.data.map((item) => (
        <li key={item._id}>
          <SavedRow item={item} />
        </li>
      ))}
    </ul>
  );
}

function SavedRow({ item }: { item: SavedItem }) {
  const remove = useRemoveSaved();
  const channel = useSavedChannel();
  const href =
    item.kind === 'hostel' && item.hostel
      ? paths.hostel.getHref(item.hostel._id)
      : paths.hostels.getHref(new URLSearchParams(item.search ?? ''));
  const error = remove.error ?? channel.error;
  return (
    <article className="card flex flex-col gap-2">
      <p className="text-sm text-muted">{item.kind === 'hostel' ? 'Hostel' : 'Search'}</p>
      <Link to={href} className="text-lg font-semibold text-brand-800 underline break-words">
        {item.label}
      </Link>
      <p className="text-sm text-muted">
        {item.last_alert_at ? `Last alert ${formatLagosDateTime(item.last_alert_at)}` : 'No alert yet'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          Alerts by
          <select
            className="input w-auto"
            value={item.channel}
            disabled={channel.isPending}
            onChange={(e) =>
              channel.mutate({ id: item._id, channel: e.target.value as SavedItem['channel'] })
            }
          >
            <option value="email">E-mail</option>
            <option value="sms">Text (SMS)</option>
          </select>
        </label>
        <button
          type="button"
          className="btn-secondary"
          disabled={remove.isPending}
          onClick={() => remove.mutate(item._id)}
          aria-label={`Remove ${item.label}`}
        >
          {remove.isPending ? 'Removing…' : 'Remove'}
        </button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error.message}
        </p>
      )}
    </article>
  );
}
