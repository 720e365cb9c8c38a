import type { MaintenanceCreate, MaintenanceCreateInput } from '@studynest/contracts';
import {
  BUSINESS,
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_TARGETS,
  MAINTENANCE_URGENCIES,
} from '@studynest/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, lazyZodResolver, useForm } from '../../../lib/form.ts';
import { isQueued, OutboxNotice, useOutbox, useSubmissionKey } from '../../../lib/offline-writes.tsx';
import { notPhotos, PHOTO_ACCEPT, PHOTO_KINDS } from '../../../lib/photo-files.ts';
import { usePreviewUrls } from '../../../lib/use-preview-urls.ts';
import { useReportMaintenance } from '../api/maintenance-queries.ts';
import { CATEGORY_LABELS, URGENCY_TEXT } from './maintenance-labels.tsx';

const MIN_TEXT = 10;
const MAX_TEXT = 2000;
const MAX_PHOTOS = MAINTENANCE_TARGETS.maxPhotos;
const MAX_MB = BUSINESS.maxImageBytes / (1024 * 1024);

/** Why these files cannot be added to the `current` ones, in words a tenant can act on; null when fine. */
export function checkMaintenancePhotos(chosen: File[], current: number): string | null {
  const refused = notPhotos(chosen);
  if (refused) return refused;
  const tooBig = chosen.filter((f) => f.size > BUSINESS.maxImageBytes);
  if (tooBig.length) {
    return `Each photo must be ${MAX_MB} MB or smaller. Too large: ${tooBig.map((f) => f.name).join(', ')}`;
  }
  if (current + chosen.length > MAX_PHOTOS) {
    const left = MAX_PHOTOS - current;
    return left > 0
      ? `You can send at most ${MAX_PHOTOS} photos: ${left} more can be added (you chose ${chosen.length}).`
      : `You can send at most ${MAX_PHOTOS} photos. Remove one to add another.`;
  }
  return null;
}

// The contract's checks load after the form (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/tenant-requests').then((m) => m.MaintenanceCreateSchema),
);

/** A tenant's report: what, how urgent, a description and up to three photos. */
export function ReportForm() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(false);
  const previews = usePreviewUrls(files);
  const report = useReportMaintenance(setProgress);
  const submission = useSubmissionKey();
  const queryClient = useQueryClient();
  const outbox = useOutbox(() => queryClient.invalidateQueries({ queryKey: ['maintenance'] }));
  useEffect(() => resolver.preload(), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    errors,
    // Nothing chosen at first: the category and urgency are the tenant's to pick.
  } = useForm<MaintenanceCreateInput, unknown, MaintenanceCreate>({
    resolver,
    defaultValues: { description: '' },
  });

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    // The input is only a way to pick: the list below is what will be sent.
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    const problem = checkMaintenancePhotos(chosen, files.length);
    setPhotoError(problem);
    if (!problem) setFiles((current) => [...current, ...chosen]);
  };

  const remove = (index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
    setPhotoError(null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setSent(false);
    outbox.clear();
    setProgress(0);
    try {
      const key = submission.key();
      const answer = await report.mutateAsync({ ...values, photos: files, key });
      submission.done();
      reset();
      setFiles([]);
      if (isQueued(answer)) outbox.waiting(key);
      else setSent(true);
    } catch (err) {
      applyServerErrors(err, setError);
      if (err instanceof ApiError && err.fields.photos) setPhotoError(err.fields.photos);
    }
  });

  const length = (watch('description') ?? '').trim().length;
  const sending = report.isPending;
  const urgencyError = `${id}-urgency-error`;
  const photoHint = `${id}-photos-hint`;
  const photoErrorId = `${id}-photos-error`;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={sending}>
      <SelectField
        label="What is the problem?"
        error={errors.category?.message}
        none="Choose a category"
        options={choices(MAINTENANCE_CATEGORIES, (c) => CATEGORY_LABELS[c])}
        {...register('category')}
      />

      <FormField
        label="Describe it"
        error={errors.description?.message}
        hint={`${length} / ${MAX_TEXT} characters (at least ${MIN_TEXT}). Where it is and since when helps.`}
      >
        {(a11y) => (
          <textarea {...a11y} rows={4} maxLength={MAX_TEXT} className="input" {...register('description')} />
        )}
      </FormField>

      <fieldset aria-describedby={errors.urgency ? urgencyError : undefined}>
        <legend className="label">How urgent is it?</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-4">
          {MAINTENANCE_URGENCIES.map((u) => (
            <label
              key={u}
              className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                value={u}
                aria-invalid={Boolean(errors.urgency)}
                className="size-5 accent-brand-700"
                {...register('urgency')}
              />
              <span className="text-sm">
                <span className="block font-semibold">{URGENCY_TEXT[u].label}</span>
                <span className="block text-muted">{URGENCY_TEXT[u].promise}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.urgency && (
          <p id={urgencyError} className="field-error">
            {errors.urgency.message}
          </p>
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-photos`} className="label">
          Photos (optional)
        </label>
        <input
          ref={fileInput}
          id={`${id}-photos`}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={files.length >= MAX_PHOTOS || sending}
          aria-describedby={`${photoHint}${photoError ? ` ${photoErrorId}` : ''}`}
          aria-invalid={Boolean(photoError)}
          onChange={(e) => choose(e.currentTarget.files)}
          className="file-input"
        />
        <p id={photoHint} className="text-sm text-muted">
          {PHOTO_KINDS}, up to {MAX_MB} MB each, at most {MAX_PHOTOS} photos ({files.length} chosen).
        </p>
        {photoError && (
          <p id={photoErrorId} className="field-error" role="alert">
            {photoError}
          </p>
        )}
        {previews.length > 0 && (
          <ul className="flex flex-wrap gap-3" aria-label="Photos to send">
            {previews.map((url, i) => (
              <li key={url} className="flex flex-col items-start gap-1">
                <img
                  src={url}
                  alt={`Chosen file ${i + 1}: ${files[i]?.name ?? ''}`}
                  className="size-24 rounded-lg object-cover ring-1 ring-line"
                />
                <button
                  type="button"
                  className="min-h-11 px-1 text-sm font-semibold text-danger-700 underline"
                  disabled={sending}
                  onClick={() => remove(i)}
                  aria-label={`Remove photo ${i + 1} (${files[i]?.name ?? ''})`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {report.error && <Alert tone="error">{report.error.message}</Alert>}
      <OutboxNotice state={outbox.state} />
      {sent && (
        <Alert tone="success">
          Thank you: your report is in. We have e-mailed you a copy, and its progress shows below.
        </Alert>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={sending}>
          {sending ? 'Sending…' : 'Send report'}
        </button>
        {sending && files.length > 0 && (
          <label className="flex items-center gap-2 text-sm text-muted">
            <progress max={1} value={progress} className="h-2 w-32 accent-brand-700" />
            Uploading {Math.round(progress * 100)}%
          </label>
        )}
      </div>
    </form>
  );
}
