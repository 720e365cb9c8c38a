import type { Signup, SignupInput } from '@studynest/contracts';
import { CONSENT_WORDING } from '@studynest/contracts/consent';
import { GENDERS } from '@studynest/contracts/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, EmailField, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors, lazyZodResolver, useForm } from '../../../lib/form.ts';
import { NewPasswordField } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/account-details').then((m) => m.SignupSchema),
);

/**
 * The account fields shared by student sign-up and admin creation. Validated on the client with
 * the same contract schema the server uses; the server's field errors land on the same fields.
 * `onServerError` lets a screen show the overall message its own way (else it shows here).
 */
export function SignupForm({
  onSubmit,
  onServerError,
  pendingLabel = 'Signing up…',
  footer,
  askConsent = false,
}: {
  onSubmit: (values: Signup) => Promise<unknown>;
  onServerError?: (message: string) => void;
  pendingLabel?: string;
  footer?: ReactNode;
  /** Student sign-up asks for consent to optional messages (unticked: only a yes counts); admin creation does not. */
  askConsent?: boolean;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => resolver.preload(), []);
  const { register, handleSubmit, setError, watch, errors, isSubmitting } = useForm<
    SignupInput,
    unknown,
    Signup
  >({
    resolver,
    defaultValues: {
      first_name: '',
      last_name: '',
      gender: '',
      email: '',
      phone_number: '',
      password: '',
      marketing_opt_in: false,
    },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      const message = applyServerErrors(err, setError);
      if (onServerError) onServerError(message);
      else setServerError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First Name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label="Last Name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <SelectField
        label="Gender"
        error={errors.gender?.message}
        none="--Select--"
        options={choices(GENDERS, (g) => (g === 'male' ? 'Male' : 'Female'))}
        {...register('gender')}
      />
      <EmailField error={errors.email?.message} {...register('email')} />
      <TextField
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="08031234567"
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <NewPasswordField
        label="Password"
        strengthOf={watch('password')}
        error={errors.password?.message}
        {...register('password')}
      />
      {askConsent && (
        <label className="inline-flex min-h-11 items-start gap-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-5 shrink-0" {...register('marketing_opt_in')} />
          <span>{CONSENT_WORDING.signup}</span>
        </label>
      )}
      <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel}>
        Sign Up
      </SubmitButton>
      {footer}
    </form>
  );
}
