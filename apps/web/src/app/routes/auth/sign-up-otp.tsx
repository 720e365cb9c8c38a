import type { VerifyEmailSchema } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useResendOtp, useVerifyEmail } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { OtpField } from '../../../features/auth/components/otp-input.tsx';
import { SubmitButton } from '../../../features/auth/components/submit-button.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NOTICE_MS } from '../../../lib/use-timed-notice.ts';

type Values = z.output<typeof VerifyEmailSchema>;

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() => import('@studynest/contracts').then((m) => m.VerifyEmailSchema));

export function Component() {
  useDocumentTitle('Confirm your email');
  useEffect(() => resolver.preload(), []);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const emailFromLink = params.get('email') ?? '';
  const signupMessage = (location.state as { message?: string } | null)?.message;
  const verify = useVerifyEmail();
  const resend = useResendOtp();
  const [error, setErrorMessage] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(signupMessage ?? null);
  const [done, setDone] = useState<string | null>(null);

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

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    try {
      const res = await verify.mutateAsync(values);
      setInfo(null);
      setDone(res.message);
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  });

  // After a success message, on to the login page (unless they left already: the timer is cleared).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(paths.login.getHref(), { state: { email: getValues('email') } }),
      NOTICE_MS.saved,
    );
    return () => clearTimeout(timer);
  }, [done, navigate, getValues]);

  const onResend = async () => {
    setErrorMessage(null);
    setInfo(null);
    if (!(await trigger('email'))) return;
    try {
      const res = await resend.mutateAsync(getValues('email').trim().toLowerCase());
      setInfo(res.message);
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  };

  if (done) {
    return (
      <AuthCard title="Email confirmed">
        <div className="flex flex-col gap-4">
          <Alert tone="success">{done}</Alert>
          <p className="text-muted">Taking you to the login page…</p>
          <Link to={paths.login.getHref()} state={{ email: getValues('email') }} className="btn-primary">
            Log in now
          </Link>
        </div>
      </AuthCard>
    );
  }

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
        {emailFromLink && !errors.email ? (
          <input type="hidden" {...register('email')} />
        ) : (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
        )}
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
