import type { MaintenanceCategory, MaintenanceUrgency } from '@studynest/contracts';
import { BUSINESS, MAINTENANCE_CATEGORIES, MAINTENANCE_TARGETS } from '@studynest/contracts/constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePreviewUrls } from '../../../lib/use-preview-urls.ts';
import { useReportMaintenance } from '../api/maintenance-queries.ts';
import { CATEGORY_LABELS, URGENCY_TEXT } from './maintenance-labels.tsx';

const MIN_TEXT = 10;
const MAX_TEXT = 2000;
const MAX_PHOTOS = MAINTENANCE_TARGETS.maxPhotos;
const MAX_MB = BUSINESS.maxImageBytes / (1024 * 1024);

const isJpeg = (file: File) =>
  file.type === 'image/jpeg' || (file.type === '' && /\.jpe?g$/i.test(file.name));

/** Why these files cannot be added to the `current` ones, in words a tenant can act on; null when fine. */
export function checkMaintenancePhotos(chosen: File[], current: number): string | null {
  const notJpeg = chosen.filter((f) => !isJpeg(f));
  if (notJpeg.length) {
    return `Only JPEG photos (.jpg, .jpeg) can be sent. Not a JPEG: ${notJpeg.map((f) => f.name).join(', ')}`;
  }
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

type Errors = Partial<Record<'category' | 'description' | 'urgency' | 'photos', string>>;

function validate(category: string, description: string, urgency: string): Errors {
  const errors: Errors = {};
  if (!category) errors.category = 'Choose what kind of problem it is';
  const text = description.trim();
  if (text.length < MIN_TEXT)
    errors.description = `Describe the problem in a few words (at least ${MIN_TEXT} characters)`;
  else if (text.length > MAX_TEXT) errors.description = `Keep the description to ${MAX_TEXT} characters`;
  if (!urgency) errors.urgency = 'Say whether it is an emergency or can wait';
  return errors;
}

/** A tenant's report: what, how urgent, a description and up to three JPEG photos. */
export function ReportForm() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [category, setCategory] = useState<MaintenanceCategory | ''>('');
  const [description, setDescription] = useState('');
  const [urgency, setUrgency] = useState<MaintenanceUrgency | ''>('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState(0);
  const [sent, setSent] = useState(false);
  const previews = usePreviewUrls(files);
  const report = useReportMaintenance(setProgress);

  // After a refused submit, keyboard and screen-reader users land on the first field to fix.
  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  // A field's message goes as soon as the field changes; the next submit checks everything again.
  const clear = (field: keyof Errors) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    // The input is only a way to pick: the list below is what will be sent.
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    const problem = checkMaintenancePhotos(chosen, files.length);
    setErrors((e) => ({ ...e, photos: problem ?? undefined }));
    if (!problem) setFiles((current) => [...current, ...chosen]);
  };

  const remove = (index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
    setErrors((e) => ({ ...e, photos: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const found = validate(category, description, urgency);
    setErrors(found);
    if (Object.keys(found).length > 0 || !category || !urgency) {
      setAttempt((n) => n + 1);
      return;
    }
    setProgress(0);
    report.mutate(
      { category, urgency, description: description.trim(), photos: files },
      {
        onSuccess: () => {
          setCategory('');
          setDescription('');
          setUrgency('');
          setFiles([]);
          setSent(true);
        },
        onError: (err) => {
          if (err instanceof ApiError) setErrors(err.fields as Errors);
          setAttempt((n) => n + 1);
        },
      },
    );
  };

  const length = description.trim().length;
  const sending = report.isPending;
  const urgencyError = `${id}-urgency-error`;
  const photoHint = `${id}-photos-hint`;
  const photoError = `${id}-photos-error`;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={sending}>
      <FormField label="What is the problem?" error={errors.category}>
        {(a11y) => (
          <select
            {...a11y}
            className="input"
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value as MaintenanceCategory);
              clear('category');
            }}
          >
            <option value="">Choose a category</option>
            {MAINTENANCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField
        label="Describe it"
        error={errors.description}
        hint={`${length} / ${MAX_TEXT} characters (at least ${MIN_TEXT}). Where it is and since when helps.`}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            rows={4}
            maxLength={MAX_TEXT}
            className="input"
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              clear('description');
            }}
          />
        )}
      </FormField>

      <fieldset aria-describedby={errors.urgency ? urgencyError : undefined}>
        <legend className="label">How urgent is it?</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-4">
          {(['emergency', 'normal'] as const).map((u) => (
            <label
              key={u}
              className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-urgency`}
                value={u}
                checked={urgency === u}
                onChange={() => {
                  setUrgency(u);
                  clear('urgency');
                }}
                aria-invalid={Boolean(errors.urgency)}
                className="size-5 accent-brand-700"
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
            {errors.urgency}
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
          accept=".jpg,.jpeg,image/jpeg"
          disabled={files.length >= MAX_PHOTOS || sending}
          aria-describedby={`${photoHint}${errors.photos ? ` ${photoError}` : ''}`}
          aria-invalid={Boolean(errors.photos)}
          onChange={(e) => choose(e.currentTarget.files)}
          className="block w-full text-sm text-muted file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-white file:px-4 file:py-2 file:font-semibold file:text-ink hover:file:bg-subtle"
        />
        <p id={photoHint} className="text-sm text-muted">
          JPEG only (.jpg, .jpeg), up to {MAX_MB} MB each, at most {MAX_PHOTOS} photos ({files.length}{' '}
          chosen).
        </p>
        {errors.photos && (
          <p id={photoError} className="field-error" role="alert">
            {errors.photos}
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
