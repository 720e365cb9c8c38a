import type { EmergencyContact, Profile } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver, serverErrorLine, useForm } from '../../../lib/form.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useUpdateProfile } from '../api/user-queries.ts';

// Field names mirror the API body, so its `emergency_contact.phone`-style errors land on the right
// input. zod and the checks load after the profile shows (see lazyZodResolver); the phone is
// checked by the server (the contract's EmergencyContactFormSchema says why).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/emergency-contact').then((m) => m.EmergencyContactFormSchema),
);

/** The part of the profile update (PATCH /user/profile) this form sends. */
type ContactValues = { emergency_contact: Partial<EmergencyContact> };

const rows: { key: keyof EmergencyContact; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'relationship', label: 'Relationship' },
  { key: 'phone', label: 'Phone' },
  { key: 'address', label: 'Address' },
];

/** The Emergency Contact Person block: editable by its owner, read-only for an admin looking on. */
export function EmergencyContactForm({ profile, editable }: { profile: Profile; editable: boolean }) {
  const contact = profile.emergency_contact;
  const update = useUpdateProfile();
  const { notice, show, clear } = useTimedNotice();
  const [error, setErrorMessage] = useState<string | null>(null);
  useEffect(() => {
    if (editable) resolver.preload();
  }, [editable]);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useForm<
    ContactValues,
    unknown,
    ContactValues
  >({
    resolver,
    defaultValues: { emergency_contact: contact },
  });

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    clear();
    try {
      const saved = await update.mutateAsync(values);
      reset({ emergency_contact: saved.emergency_contact });
      show({ tone: 'success', message: 'Emergency contact saved.' }, NOTICE_MS.saved);
    } catch (err) {
      // A refused phone is said on its field (the server checks it); no second message above.
      setErrorMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <CardSection
      title="Emergency Contact Person"
      intro={editable && 'Who we should call if something happens to you.'}
      roomy
    >
      {editable ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              autoComplete="off"
              error={errors.emergency_contact?.name?.message}
              {...register('emergency_contact.name')}
            />
            <TextField
              label="Relationship"
              placeholder="e.g. Mother"
              error={errors.emergency_contact?.relationship?.message}
              {...register('emergency_contact.relationship')}
            />
            <TextField
              label="Phone"
              type="tel"
              inputMode="tel"
              placeholder="08031234567"
              error={errors.emergency_contact?.phone?.message}
              {...register('emergency_contact.phone')}
            />
            <TextField
              label="Address"
              error={errors.emergency_contact?.address?.message}
              {...register('emergency_contact.address')}
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          {notice && <Alert tone="success">{notice.message}</Alert>}
          <div>
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Save emergency contact'}
            </button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr] sm:gap-x-4">
          {rows.map(({ key, label }) => (
            <div key={key} className="contents">
              <dt className="text-sm font-medium text-muted">{label}</dt>
              <dd className="-mt-2 break-words sm:mt-0">{contact[key] || 'Not given'}</dd>
            </div>
          ))}
        </dl>
      )}
    </CardSection>
  );
}
