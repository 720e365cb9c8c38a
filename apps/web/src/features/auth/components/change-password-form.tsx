import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { lazyZodResolver, serverErrorLine, useForm } from '../../../lib/form.ts';
import { useChangePassword } from '../api/auth-mutations.ts';
import { NewPasswordField, PasswordField } from './password-input.tsx';

// The contract schema loads after the profile shows (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/account-security').then((m) => m.ChangePasswordSchema),
);

/**
 * Change password from the profile. The server signs out every other session of the account (this
 * one keeps working): `onChanged` lets the screen refresh what it shows about them.
 */
export function ChangePasswordForm({ email, onChanged }: { email: string; onChanged?: () => void }) {
  const change = useChangePassword();
  const [error, setErrorMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => resolver.preload(), []);
  const { register, handleSubmit, setError, reset, watch, errors, isSubmitting } = useForm({
    resolver,
    defaultValues: { current_password: '', new_password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    setDone(null);
    try {
      const res = await change.mutateAsync(values);
      reset();
      setDone(res.message);
      onChanged?.();
    } catch (err) {
      setErrorMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="change-password-heading"
      className="flex flex-col gap-4"
    >
      <div>
        <h3 id="change-password-heading" className="text-lg">
          Change password
        </h3>
        <p className="mt-1 text-sm text-muted">
          Every other device signed in to your account is signed out; this one stays signed in.
        </p>
      </div>
      {/* Lets password managers save the new password against the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordField
        label="New password"
        strengthOf={watch('new_password')}
        error={errors.new_password?.message}
        {...register('new_password')}
      />
      {error && <Alert tone="error">{error}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
