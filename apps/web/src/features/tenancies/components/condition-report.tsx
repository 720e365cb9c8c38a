import type { ConditionItem, ConditionReport, ConditionState, Photo, Tenant } from '@studynest/contracts';
import {
  CONDITION_LIMITS,
  CONDITION_STATE_LABELS,
  CONDITION_STATES,
  DEFAULT_CONDITION_ITEMS,
} from '@studynest/contracts/condition-constants';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { choices, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLagosDate, todayInLagos } from '../../../lib/format.ts';
import { PHOTO_ACCEPT, PHOTO_KINDS, photoFilesProblem } from '../../../lib/photo-files.ts';
import {
  conditionQuery,
  useConfirmCondition,
  useRecordCondition,
  useUploadConditionPhotos,
} from '../api/condition-queries.ts';

const STATE_TONE: Record<ConditionState, string> = {
  good: 'text-success-700',
  fair: 'text-ink',
  damaged: 'text-danger-700',
  missing: 'text-danger-700',
};

const statusLine = (r: ConditionReport, tenantView: boolean) =>
  `Version ${r.version}, recorded by ${r.recorded_by === 'admin' ? 'an admin' : tenantView ? 'you' : 'the tenant'} on ${formatLagosDate(
    todayInLagos(new Date(r.recorded_at)),
  )} · ${r.status === 'confirmed' ? 'confirmed' : 'awaiting confirmation'}`;

/** Small photos of one item, each opening the full photo. */
function ItemPhotos({ photos, name }: { photos: Photo[]; name: string }) {
  if (!photos.length) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {photos.map((photo, i) => (
        <li key={photo._id}>
          <a
            href={photo.src}
            target="_blank"
            rel="noreferrer"
            className="block h-16 w-16 overflow-hidden rounded"
          >
            <StoredPhoto
              photo={photo}
              alt={`${name}, photo ${i + 1}`}
              sizes="64px"
              className="h-16 w-16 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The current version of a tenancy's condition report: each item's state, note and photos.
 * `tenantView`: the tenant reads it, so her own record is "recorded by you".
 */
export function ConditionSummary({
  report,
  tenantView = false,
}: {
  report: ConditionReport;
  tenantView?: boolean;
}) {
  return (
    <section className="flex flex-col gap-2" aria-label="Room condition at move-in">
      <h3 className="text-base font-semibold">Room condition at move-in</h3>
      <p className="text-sm text-muted">{statusLine(report, tenantView)}</p>
      <ul className="flex flex-col gap-2">
        {report.items.map((item) => (
          <li key={item._id} className="flex flex-col gap-1 rounded border border-line p-2">
            <p className="text-sm">
              <span className="font-semibold">{item.name}</span>:{' '}
              <span className={`font-semibold ${STATE_TONE[item.state]}`}>
                {CONDITION_STATE_LABELS[item.state]}
              </span>
              {item.note ? ` — ${item.note}` : ''}
            </p>
            <ItemPhotos photos={item.photos} name={item.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An item as typed: the photos are already uploaded (they are saved as soon as they are chosen). */
type Row = { key: number; name: string; state: ConditionState; note: string; photos: Photo[] };

const rowsFrom = (items: ConditionItem[] | undefined): Row[] =>
  items?.length
    ? items.map((i, key) => ({ key, name: i.name, state: i.state, note: i.note ?? '', photos: i.photos }))
    : DEFAULT_CONDITION_ITEMS.map((name, key) => ({ key, name, state: 'good', note: '', photos: [] }));

const NO_NAME = 'Give this item a name, or remove it';

/**
 * Record the room's condition: a new version of the report, starting from the current one (or the
 * default items). An admin's version is confirmed at once; the tenant's waits for an admin.
 */
export function ConditionForm({
  tenancyId,
  start,
  onSaved,
  submitLabel = 'Save condition report',
}: {
  tenancyId: string;
  start: ConditionItem[] | undefined;
  onSaved: (r: ConditionReport) => void;
  submitLabel?: string;
}) {
  const [rows, setRows] = useState<Row[]>(() => rowsFrom(start));
  const record = useRecordCondition(tenancyId);
  // Items whose photos are still on their way: sent now, the report would leave those photos out.
  const [uploading, setUploading] = useState<ReadonlySet<number>>(new Set());
  const markUploading = (key: number, busy: boolean) =>
    setUploading((keys) => {
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  // Names are checked here once a send was tried (the server checks again), and cleared as mended.
  const [tried, setTried] = useState(false);
  const unnamed = tried
    ? Object.fromEntries(rows.flatMap((r, i) => (r.name.trim() ? [] : [[`items.${i}.name`, NO_NAME]])))
    : {};
  const fields = { ...(record.error instanceof ApiError ? record.error.fields : {}), ...unnamed };
  const form = useRef<HTMLFormElement>(null);
  // After a refused send the first field with a problem takes the focus, once it is drawn.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);
  const update = (key: number, change: Partial<Row>) => {
    record.reset();
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };
  const nextKey = rows.reduce((max, r) => Math.max(max, r.key + 1), 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (rows.some((r) => !r.name.trim())) {
      setFailures((n) => n + 1);
      return;
    }
    record
      .mutateAsync({
        items: rows.map((r) => ({
          name: r.name,
          state: r.state,
          ...(r.note.trim() ? { note: r.note.trim() } : {}),
          photo_ids: r.photos.map((p) => p._id),
        })),
      })
      .then(onSaved, () => setFailures((n) => n + 1));
  };

  return (
    <form ref={form} className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend className="label">Items in the room</legend>
        {rows.map((row, i) => (
          <ItemRow
            key={row.key}
            index={i}
            row={row}
            tenancyId={tenancyId}
            errors={{
              name: fields[`items.${i}.name`],
              note: fields[`items.${i}.note`],
              photos: fields[`items.${i}.photo_ids`],
            }}
            onChange={(change) => update(row.key, change)}
            onUploading={(busy) => markUploading(row.key, busy)}
            onRemove={rows.length > 1 ? () => setRows(rows.filter((r) => r.key !== row.key)) : undefined}
          />
        ))}
        {rows.length < CONDITION_LIMITS.maxItems && (
          <button
            type="button"
            className="btn-secondary self-start"
            onClick={() =>
              setRows([...rows, { key: nextKey, name: '', state: 'good', note: '', photos: [] }])
            }
          >
            Add item
          </button>
        )}
      </fieldset>
      {record.error && <Alert tone="error">{record.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={record.isPending || uploading.size > 0}>
        {record.isPending ? 'Saving…' : uploading.size ? 'Waiting for the photos to upload…' : submitLabel}
      </button>
    </form>
  );
}

function ItemRow({
  index,
  row,
  tenancyId,
  errors,
  onChange,
  onUploading,
  onRemove,
}: {
  index: number;
  row: Row;
  tenancyId: string;
  errors: { name?: string; note?: string; photos?: string };
  onChange: (change: Partial<Row>) => void;
  onUploading: (busy: boolean) => void;
  onRemove?: () => void;
}) {
  const inputId = useId();
  const upload = useUploadConditionPhotos(tenancyId);
  const n = index + 1;
  const room = CONDITION_LIMITS.maxPhotosPerItem - row.photos.length;
  // A file the server would refuse is named before it is sent (a wasted upload on a phone's data).
  const [refused, setRefused] = useState<string | null>(null);
  const choose = (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])].slice(0, room);
    input.value = '';
    if (!files.length) return;
    const problem = photoFilesProblem(files);
    setRefused(problem);
    upload.reset();
    if (problem) return;
    onUploading(true);
    upload
      .mutateAsync(files)
      .then(
        (added) => onChange({ photos: [...row.photos, ...added] }),
        () => {},
      )
      .finally(() => onUploading(false));
  };
  const photoError = refused ?? upload.error?.message ?? errors.photos;

  return (
    <div className="flex flex-col gap-2 rounded border border-line p-2">
      <TextField
        label={`Item ${n}`}
        maxLength={80}
        value={row.name}
        error={errors.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <SelectField
        label={`Item ${n}: state`}
        value={row.state}
        options={choices(CONDITION_STATES, (s) => CONDITION_STATE_LABELS[s])}
        onChange={(e) => onChange({ state: e.currentTarget.value as ConditionState })}
      />
      <TextField
        label={`Item ${n}: note (optional)`}
        maxLength={500}
        value={row.note}
        error={errors.note}
        onChange={(e) => onChange({ note: e.currentTarget.value })}
      />
      <ItemPhotos photos={row.photos} name={row.name || `Item ${n}`} />
      {room > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-semibold">
            Item {n}: add photos
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            disabled={upload.isPending}
            aria-invalid={Boolean(photoError)}
            aria-describedby={`${inputId}-hint${photoError ? ` ${inputId}-error` : ''}`}
            onChange={(e) => choose(e.currentTarget)}
            className="file-input"
          />
          <p id={`${inputId}-hint`} className="text-xs text-muted">
            {PHOTO_KINDS}; up to {room} more. Seen only by the tenant and admins.
          </p>
        </div>
      )}
      <p className="text-sm font-semibold text-ink" aria-live="polite">
        {upload.isPending ? 'Uploading photos…' : ''}
      </p>
      {photoError && (
        <p id={`${inputId}-error`} role="alert" className="field-error">
          {photoError}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {row.photos.length > 0 && (
          <button
            type="button"
            className="text-sm font-semibold text-danger-700 underline"
            onClick={() => onChange({ photos: row.photos.slice(0, -1) })}
          >
            Remove last photo of item {n}
          </button>
        )}
        {onRemove && (
          <button
            type="button"
            className="text-sm font-semibold text-danger-700 underline"
            onClick={onRemove}
          >
            Remove item {n}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * Admin → Tenants → Room condition: the current report (confirm the tenant's), or record one — the
 * first at move-in, or a correction (a new version; the earlier ones are kept).
 */
export function ConditionDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  return (
    <Modal open={tenant !== null} title="Room condition" onClose={onClose}>
      {tenant && <ConditionPanel key={tenant.tenancy_id} tenant={tenant} />}
    </Modal>
  );
}

function ConditionPanel({ tenant }: { tenant: Tenant }) {
  const reports = useQuery(conditionQuery(tenant.tenancy_id));
  const confirm = useConfirmCondition(tenant.tenancy_id);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<ConditionReport | null>(null);
  const current = reports.data?.[0];
  const who = `${tenant.user.first_name} ${tenant.user.last_name}`;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        <span className="capitalize">{who}</span>, {tenant.room.room_number}, {tenant.hostel.hostel_name}.
      </p>
      {reports.isPending && <Spinner label="Loading the condition report…" />}
      {reports.isError && <QueryError error={reports.error} retry={() => reports.refetch()} />}
      {saved && !editing && (
        <p role="status" className="text-sm font-semibold text-success-700">
          Version {saved.version} saved and confirmed.
        </p>
      )}
      {reports.data &&
        (editing || !current ? (
          <ConditionForm
            tenancyId={tenant.tenancy_id}
            start={current?.items}
            onSaved={(r) => {
              setSaved(r);
              setEditing(false);
            }}
          />
        ) : (
          <>
            <ConditionSummary report={current} />
            {current.status === 'awaiting_confirmation' && (
              <button
                type="button"
                className="btn-primary"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate()}
              >
                {confirm.isPending ? 'Confirming…' : `Confirm version ${current.version}`}
              </button>
            )}
            {confirm.error && <Alert tone="error">{confirm.error.message}</Alert>}
            <button type="button" className="btn-secondary" onClick={() => setEditing(true)}>
              Record a correction
            </button>
          </>
        ))}
    </div>
  );
}
