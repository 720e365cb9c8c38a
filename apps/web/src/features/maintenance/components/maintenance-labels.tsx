import type { MaintenanceCategory, MaintenanceRequest, MaintenanceStatus, Photo } from '@studynest/contracts';
import { MAINTENANCE_TARGETS } from '@studynest/contracts/constants';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';

export const CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  water: 'Water supply',
  security: 'Security (locks, doors, windows)',
  furniture: 'Furniture',
  other: 'Something else',
};

/** Short names for tables and headings, where the select's longer wording would crowd a phone. */
export const CATEGORY_SHORT: Record<MaintenanceCategory, string> = {
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  water: 'Water',
  security: 'Security',
  furniture: 'Furniture',
  other: 'Other',
};

export const STATUS_LABELS: Record<MaintenanceStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  done: 'Done',
};

export const URGENCY_TEXT = {
  emergency: { label: 'Emergency', promise: `fixed within ${MAINTENANCE_TARGETS.emergencyHours} hours` },
  normal: { label: 'Normal', promise: `within ${MAINTENANCE_TARGETS.normalBusinessDays} business days` },
} as const;

const STATUS_TONES: Record<MaintenanceStatus, string> = {
  open: 'badge-warn',
  in_progress: 'badge-brand',
  done: 'badge-ok',
};

export function StatusBadge({ status }: { status: MaintenanceStatus }) {
  return <span className={`${STATUS_TONES[status]} whitespace-nowrap`}>{STATUS_LABELS[status]}</span>;
}

/** The deadline in Lagos time; past it and not done, the word "Overdue" says so (not the colour alone). */
export function Deadline({
  request,
}: {
  request: Pick<MaintenanceRequest, 'due_by' | 'overdue' | 'status'>;
}) {
  return (
    <span className={request.overdue ? 'font-semibold text-danger-700' : ''}>
      {request.overdue && <span className="badge-danger mr-1">Overdue</span>}
      <time dateTime={request.due_by}>{formatLagosDateTime(request.due_by)}</time>
    </span>
  );
}

/** Every status change, oldest first, with the note the admin left. */
export function History({ history }: { history: MaintenanceRequest['history'] }) {
  return (
    <ol className="flex flex-col gap-2 border-l-2 border-line pl-3">
      {history.map((event, i) => (
        // The history only grows at its end, so the position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: events carry no id
        <li key={i} className="text-sm">
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={event.status} />
            <time dateTime={event.at} className="text-muted">
              {formatLagosDateTime(event.at)}
            </time>
          </span>
          {event.note && <p className="mt-1 whitespace-pre-line break-words">{event.note}</p>}
        </li>
      ))}
    </ol>
  );
}

export function Photos({ photos, label }: { photos: Photo[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={photo._id}>
          <a href={photo.src} target="_blank" rel="noreferrer" className="block">
            <StoredPhoto
              photo={photo}
              alt={`${label}: ${i + 1} of ${photos.length} (opens full size)`}
              sizes="80px"
              className="size-20 rounded-lg object-cover ring-1 ring-line"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
