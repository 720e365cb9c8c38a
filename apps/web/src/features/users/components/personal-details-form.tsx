import type { Profile } from '@studynest/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { serverErrorLine, useForm } from '../../../lib/form.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useUpdateProfile } from '../api/user-queries.ts';

type Details = { first_name: string; last_name: string; phone_number: string };

/**
 * The owner corrects her name and phone (PATCH /user/profile). The server checks them with the
 * sign-up rules (the phone a Nigerian mobile, stored as +234…) and says what is wrong on the field.
 */
export function PersonalDetailsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { notice, show, clear } = useTimedNotice();
  const [message, setMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useForm<Details>({
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone_number: profile.phone_number,
    },
  });

  const save = handleSubmit(async (values) => {
    setMessage(null);
    clear();
    try {
      const saved = await update.mutateAsync(values);
      reset({ first_name: saved.first_name, last_name: saved.last_name, phone_number: saved.phone_number });
      show({ tone: 'success', message: 'Your details are saved.' }, NOTICE_MS.saved);
    } catch (err) {
      setMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <CardSection
      title="Your details"
      intro="Your name as hostels and receipts show it, and your phone."
      roomy
    >
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="First name"
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
          <TextField
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            error={errors.phone_number?.message}
            {...register('phone_number')}
          />
        </div>
        {message && <Alert tone="error">{message}</Alert>}
        <div aria-live="polite">{notice && <Alert tone="success">{notice.message}</Alert>}</div>
        <div>
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save my details'}
          </button>
        </div>
      </form>
    </CardSection>
  );
}
