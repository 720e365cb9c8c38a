import type { Photo } from '@studynest/contracts';
import { BUSINESS } from '@studynest/contracts/constants';
import {
  AMENITIES,
  AMENITY_LABELS,
  GENDER_POLICIES,
  GENDER_POLICY_LABELS,
  MAX_WALKING_MINUTES,
  NIGERIAN_STATES,
  UNIVERSITIES,
} from '@studynest/contracts/places';
import { RENT_PLAN_LABEL, RENT_PLANS } from '@studynest/contracts/rent-plan-terms';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, FormField, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { StoredPhoto } from '../../../components/ui/stored-photo.tsx';
import { applyServerErrors, type RegisterOptions, useForm } from '../../../lib/form.ts';
import { PHOTO_ACCEPT, PHOTO_KINDS, PHOTO_MAX_MB, photoFilesProblem } from '../../../lib/photo-files.ts';
import { usePreviewUrls } from '../../../lib/use-preview-urls.ts';
import type { HostelFormPayload, HostelFormValues } from '../api/hostel-mutations.ts';

/** A new hostel's facts before the admin fills them in: what the server assumes when they are left out. */
export const EMPTY_FACTS = {
  university: '',
  state: '',
  city: '',
  walking_minutes: '',
  gender_policy: 'mixed',
  amenities: [],
  rent_plan: 'full',
} satisfies Partial<HostelFormValues>;

/** A saved hostel's facts as form values. */
export const factValues = (h: {
  university: string | null;
  state: string | null;
  city: string | null;
  walking_minutes: number | null;
  gender_policy: string;
  amenities: string[];
  rent_plan: string;
}) => ({
  university: h.university ?? '',
  state: h.state ?? '',
  city: h.city ?? '',
  walking_minutes: h.walking_minutes === null ? '' : String(h.walking_minutes),
  gender_policy: h.gender_policy,
  amenities: h.amenities,
  rent_plan: h.rent_plan,
});

/**
 * The same rules as the server's HostelFieldsSchema (trimmed, required name and address, length
 * limits), written as the form's own rules (lib/form.ts): bringing zod into this screen would double its
 * download for three text fields. The server checks again and its messages land on the fields.
 */
type TextName = 'hostel_name' | 'address' | 'hostel_details' | 'city' | 'walking_minutes';
const text = (
  label: string,
  max: number,
  required: boolean,
): RegisterOptions<HostelFormValues, TextName> => ({
  setValueAs: (v: string) => v.trim(),
  validate: (v: string) => {
    if (required && !v) return `${label} is required`;
    if (v.length > max) return `${label} must be at most ${max} characters`;
    return true;
  },
});
const RULES = {
  city: text('City', 80, false),
  walking_minutes: {
    setValueAs: (v: string) => v.trim(),
    validate: (v: string) =>
      v === '' ||
      (/^\d+$/.test(v) && Number(v) <= MAX_WALKING_MINUTES) ||
      `Walking minutes must be a whole number from 0 to ${MAX_WALKING_MINUTES}`,
  } satisfies RegisterOptions<HostelFormValues, TextName>,
  hostel_name: text('Hostel name', 120, true),
  address: text('Address', 300, true),
  hostel_details: text('Hostel details', 4000, false),
};

/** Why a selection cannot be sent, in words an admin can act on; null when it is fine. */
export function checkPhotos(files: File[], room: number): string | null {
  const problem = photoFilesProblem(files);
  if (problem) return problem;
  if (files.length > room) {
    return room === BUSINESS.maxHostelImages
      ? `Choose at most ${room} photos (you chose ${files.length}).`
      : `A hostel can have at most ${BUSINESS.maxHostelImages} photos: you can add ${room} more (you chose ${files.length}). Remove some current photos first to add more.`;
  }
  return null;
}

/**
 * Create Hostel and Update Hostel share this form. On update, `photos` are the current ones,
 * each with a Remove toggle (sent as remove_images); new photos are appended by the server.
 * `save` throws the API error, shown in full; `onSaved` runs after a successful save.
 */
export function HostelForm<Saved>({
  defaultValues,
  photos = [],
  submitLabel,
  save,
  onSaved,
}: {
  defaultValues: HostelFormValues;
  photos?: Photo[];
  submitLabel: string;
  save: (payload: HostelFormPayload) => Promise<Saved>;
  /** Gets what `save` answered (Create Hostel: the new hostel). */
  onSaved: (saved: Saved) => void;
}) {
  const fileInputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [removeIds, setRemoveIds] = useState<Set<string>>(() => new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const previews = usePreviewUrls(files);
  const { register, handleSubmit, setError, errors, isSubmitting } = useForm<HostelFormValues>({
    defaultValues,
  });

  // Photos the hostel keeps decide how many new ones still fit (BUSINESS.maxHostelImages in all).
  const kept = photos.filter((p) => !removeIds.has(p._id)).length;
  const room = BUSINESS.maxHostelImages - kept;

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    const problem = checkPhotos(chosen, room);
    setFileError(problem);
    if (problem) {
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFiles(chosen);
  };

  const toggleRemove = (id: string) =>
    setRemoveIds((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    // Un-ticking a photo for removal can leave too many; check again before sending.
    const problem = checkPhotos(files, room);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const answer = await save({ ...values, images: files, remove_images: [...removeIds] });
      setSaved(true);
      onSaved(answer);
    } catch (err) {
      const message = applyServerErrors(err, setError);
      setServerError(message);
    }
  });

  const busy = isSubmitting || saved;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-busy={isSubmitting}>
      <TextField
        label="Hostel name"
        autoComplete="off"
        error={errors.hostel_name?.message}
        {...register('hostel_name', RULES.hostel_name)}
      />
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address', RULES.address)}
      />
      <FormField
        label="Hostel details"
        error={errors.hostel_details?.message}
        hint="What students should know: facilities, water and power, security, distance to campus."
      >
        {(a11y) => (
          <textarea
            {...a11y}
            rows={5}
            className="input"
            {...register('hostel_details', RULES.hostel_details)}
          />
        )}
      </FormField>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          label="University"
          error={errors.university?.message}
          hint="Its state and city are used when you leave those empty."
          none="Not near a listed university"
          options={UNIVERSITIES.map((u) => [u.code, `${u.name} (${u.code})`] as const)}
          {...register('university')}
        />
        <TextField
          label="Walking minutes to the university"
          inputMode="numeric"
          error={errors.walking_minutes?.message}
          {...register('walking_minutes', RULES.walking_minutes)}
        />
        <SelectField
          label="State"
          error={errors.state?.message}
          none="Not given"
          options={choices(NIGERIAN_STATES)}
          {...register('state')}
        />
        <TextField label="City" error={errors.city?.message} {...register('city', RULES.city)} />
        <SelectField
          label="Who it takes"
          error={errors.gender_policy?.message}
          options={choices(GENDER_POLICIES, (g) => GENDER_POLICY_LABELS[g])}
          {...register('gender_policy')}
        />
        <SelectField
          label="Rent plan"
          hint="How students may pay a year's rent here; a room can say otherwise."
          error={errors.rent_plan?.message}
          options={choices(RENT_PLANS, (p) => RENT_PLAN_LABEL[p])}
          {...register('rent_plan')}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="label">Amenities</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {AMENITIES.map((a) => (
            <label key={a} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" className="size-5" value={a} {...register('amenities')} />
              {AMENITY_LABELS[a]}
            </label>
          ))}
        </div>
        {errors.amenities?.message && <p className="field-error">{errors.amenities.message}</p>}
      </fieldset>

      {photos.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="label">Current photos</legend>
          <p className="text-sm text-muted">Tick the photos to remove when you save.</p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {photos.map((photo, i) => {
              const removing = removeIds.has(photo._id);
              return (
                <li key={photo._id} className="flex flex-col gap-1">
                  <StoredPhoto
                    photo={photo}
                    alt={`Current view ${i + 1} of ${photos.length}`}
                    sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
                    className={`aspect-[3/2] h-auto w-full rounded-lg object-cover ${removing ? 'opacity-35 grayscale' : ''}`}
                  />
                  <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-5 accent-danger-600"
                      checked={removing}
                      onChange={() => toggleRemove(photo._id)}
                    />
                    {removing ? `Photo ${i + 1} will be removed` : `Remove photo ${i + 1}`}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}

      <div className="flex flex-col gap-2">
        <label htmlFor={fileInputId} className="label">
          {photos.length > 0 ? 'Add photos' : 'Photos'}
        </label>
        <input
          ref={fileInput}
          id={fileInputId}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          aria-describedby={`${fileInputId}-hint${fileError ? ` ${fileInputId}-error` : ''}`}
          aria-invalid={Boolean(fileError)}
          onChange={(e) => choose(e.currentTarget.files)}
          className="file-input"
        />
        <p id={`${fileInputId}-hint`} className="text-sm text-muted">
          {PHOTO_KINDS}, up to {PHOTO_MAX_MB} MB each, at most {BUSINESS.maxHostelImages} photos per hostel
          {photos.length > 0 ? ` (${Math.max(0, room)} more can be added)` : ''}.
        </p>
        <p className="text-sm font-semibold text-ink" aria-live="polite">
          {files.length === 0
            ? 'No photos chosen'
            : `${files.length} photo${files.length === 1 ? '' : 's'} chosen`}
        </p>
        {fileError && (
          <p id={`${fileInputId}-error`} className="field-error" role="alert">
            {fileError}
          </p>
        )}
        {previews.length > 0 && (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-5" aria-label="Chosen photos">
            {previews.map((url, i) => (
              <li key={url}>
                <img
                  src={url}
                  alt={`Chosen file ${i + 1}: ${files[i]?.name ?? ''}`}
                  className="aspect-square w-full rounded-lg object-cover"
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
