import type { VerifyEmailSchema } from '@studynest/contracts';
import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { useResendOtp, useVerifyEmail } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import {
  CodeEmailField,
  CodeEntryDone,
  useCodeEntry,
} from '../../../features/auth/components/code-entry.tsx';
import { OtpField } from '../../../features/auth/components/otp-input.tsx';
import { SubmitButton } from '../../../features/auth/components/submit-button.tsx';
import { lazyZodResolver, useForm } from '../../../lib/form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

type Values = z.output<typeof VerifyEmailSchema>;

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() => import('@studynest/contracts/users').then((m) => m.VerifyEmailSchema));

export function Component() {
  useDocumentTitle('Confirm your email');
  useEffect(() => resolver.preload(), []);
  const [params] = useSearchParams();
  const location = useLocation();
  const emailFromLink = params.get('email') ?? '';
  const signupMessage = (location.state as { message?: string } | null)?.message;
  const verify = useVerifyEmail();
  const resend = useResendOtp();

  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof VerifyEmailSchema>, unknown, Values>({
    resolver,
    defaultValues: { email: emailFromLink, otp: '' },
  });
  const { error, info, done, attempt, onResend } = useCodeEntry({
    email: () => getValues('email'),
    checkEmail: () => trigger('email'),
    setError,
    resend: resend.mutateAsync,
    initialInfo: signupMessage,
  });
  const submit = handleSubmit((values) => attempt(() => verify.mutateAsync(values)));

  if (done) return <CodeEntryDone title="Email confirmed" message={done} email={getValues('email')} />;

  return (
    <AuthCard
      title="Confirm your email"
      intro={
        emailFromLink ? (
          <>
            We sent a four-digit code to <strong className="break-all text-ink">{emailFromLink}</strong>.
          </>
        ) : (
          'Enter the email address you signed up with and the four-digit code we sent to it.'
        )
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {info && <Alert tone="success">{info}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        <CodeEmailField
          fromLink={emailFromLink}
          error={errors.email?.message}
          registration={register('email')}
        />
        <OtpField
          label="Four-digit code"
          placeholder="Enter four digit pin code sent to your email address"
          error={errors.otp?.message}
          {...register('otp')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Verifying…">
          Verify
        </SubmitButton>
        <button type="button" className="btn-secondary w-full" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending a new code…' : 'Resend code'}
        </button>
        <p className="text-center text-sm text-muted">
          Already confirmed?{' '}
          <Link to={paths.login.getHref()} className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
