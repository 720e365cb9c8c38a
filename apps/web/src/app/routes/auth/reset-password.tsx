import type { ResetPasswordSchema } from '@studynest/contracts';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useForgotPassword, useResetPassword } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import {
  CodeEmailField,
  CodeEntryDone,
  useCodeEntry,
} from '../../../features/auth/components/code-entry.tsx';
import { OtpField } from '../../../features/auth/components/otp-input.tsx';
import { PasswordField } from '../../../features/auth/components/password-input.tsx';
import { NEW_PASSWORD_HINT } from '../../../features/auth/components/password-strength.tsx';
import { SubmitButton } from '../../../features/auth/components/submit-button.tsx';
import { lazyZodResolver, useForm } from '../../../lib/form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

type Values = z.output<typeof ResetPasswordSchema>;

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/users').then((m) => m.ResetPasswordSchema),
);

export function Component() {
  useDocumentTitle('Reset password');
  useEffect(() => resolver.preload(), []);
  const [params] = useSearchParams();
  const location = useLocation();
  const emailFromLink = params.get('email') ?? '';
  const reset = useResetPassword();
  const resend = useForgotPassword();

  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ResetPasswordSchema>, unknown, Values>({
    resolver,
    defaultValues: { email: emailFromLink, otp: '', password: '' },
  });
  const { error, info, done, attempt, onResend } = useCodeEntry({
    email: () => getValues('email'),
    checkEmail: () => trigger('email'),
    setError,
    resend: resend.mutateAsync,
    initialInfo: (location.state as { message?: string } | null)?.message,
  });
  const submit = handleSubmit((values) => attempt(() => reset.mutateAsync(values)));

  if (done) return <CodeEntryDone title="Password changed" message={done} email={getValues('email')} />;

  return (
    <AuthCard
      title="Reset your password"
      intro={
        emailFromLink ? (
          <>
            Enter the four-digit code sent to your registered email{' '}
            <strong className="break-all text-ink">{emailFromLink}</strong> and choose a new password.
          </>
        ) : (
          'Enter your registered email, the four-digit code sent to it and a new password.'
        )
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {info && <Alert tone="info">{info}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <CodeEmailField
          fromLink={emailFromLink}
          error={errors.email?.message}
          registration={register('email')}
        />
        <OtpField
          label="Four-digit code"
          placeholder="Enter the four-digit code sent to your registered email"
          error={errors.otp?.message}
          {...register('otp')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          strengthOf={watch('password')}
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Resetting…">
          Reset password
        </SubmitButton>
        <button type="button" className="btn-secondary w-full" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending a new code…' : 'Send a new code'}
        </button>
        <p className="text-center text-sm text-muted">
          <Link to={paths.login.getHref()} className="font-semibold text-brand-700 underline">
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
