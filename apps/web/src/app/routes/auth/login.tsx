import type { LoginSchema } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useLogin } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { OtpField } from '../../../features/auth/components/otp-input.tsx';
import { PasswordField } from '../../../features/auth/components/password-input.tsx';
import { SubmitButton } from '../../../features/auth/components/submit-button.tsx';
import { ApiError, hasErrorCode } from '../../../lib/api-client.ts';
import { flash } from '../../../lib/flash.ts';
import { hasFieldErrors, lazyZodResolver, serverErrorLine, useForm } from '../../../lib/form.ts';
import { safeNext } from '../../../lib/next-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BookingIntent } from '../../booking-intent.tsx';

type Values = z.output<typeof LoginSchema>;
type LoginState = { from?: string; email?: string } | null;

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() => import('@studynest/contracts/users').then((m) => m.LoginSchema));

export function Component() {
  useDocumentTitle('Log in');
  useEffect(() => resolver.preload(), []);
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as LoginState;
  const [params] = useSearchParams();
  // Where she was going: `?next=` (kept through sign-up and reloads), else the older history state.
  const next = safeNext(params.get('next')) ?? safeNext(state?.from);
  const login = useLogin();
  // What went wrong that no single field owns (too many tries, no connection): above the button.
  const [formError, setFormError] = useState<string | null>(null);
  // Set once the server says this admin signs in with an authenticator code too.
  const [needsTotp, setNeedsTotp] = useState(false);

  const { register, handleSubmit, setError, setFocus, errors, isSubmitting } = useForm<
    z.input<typeof LoginSchema>,
    unknown,
    Values
  >({
    resolver,
    // No `totp` until the code field shows: the contract refuses an empty code.
    defaultValues: { email: state?.email ?? '', password: '' },
  });

  useEffect(() => {
    if (needsTotp) setFocus('totp');
  }, [needsTotp, setFocus]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user } = await login.mutateAsync(values);
      const destination =
        user.role !== 'admin'
          ? (next ?? paths.home.getHref())
          : user.mfa_setup_required
            ? // The server requires two-step sign-in and this admin has none yet: every admin page
              // would refuse until it is set up.
              paths.admin.security.getHref()
            : paths.admin.dashboard.getHref();
      // The spec's welcome, shown on the next screen: nobody waits on the form for it.
      const name = user.first_name ? `, ${user.first_name}` : '';
      flash({ tone: 'success', message: `Welcome back${name}!` });
      navigate(destination, { replace: true });
    } catch (err) {
      if (hasErrorCode(err, 'totp_required')) {
        // First answer (no code sent): just ask for it. A wrong code: its message sits on the field.
        if (values.totp !== undefined) {
          setError('totp', { message: err.fields.totp ?? err.message });
          setFocus('totp');
        }
        setNeedsTotp(true);
        return;
      }
      if (err instanceof ApiError && err.status === 401 && !hasFieldErrors(err)) {
        // A wrong password (or an e-mail with no account: the server does not say which) is said
        // beside the password, and the cursor goes back there to type it again.
        setError('password', { message: err.message });
        setFocus('password');
        return;
      }
      const line = serverErrorLine(err, setError);
      setFormError(line);
      if (line) setFocus('password');
    }
  });

  return (
    <AuthCard title="Log in" intro="Welcome back. Log in to book inspections and manage your rent.">
      <BookingIntent next={next} lead="Log in or create an account" />
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {needsTotp && (
          <>
            <Alert tone="info">
              Two-step sign-in is on for this account. Enter the 6-digit code your authenticator app shows
              now.
            </Alert>
            <OtpField
              digits={6}
              label="Authenticator code"
              error={errors.totp?.message}
              {...register('totp')}
            />
          </>
        )}
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            className="min-h-11 px-1 text-sm font-semibold text-brand-700 underline"
            onClick={() => navigate(paths.forgotPassword.getHref())}
          >
            Forgot Password
          </button>
        </div>
        {formError && <Alert tone="error">{formError}</Alert>}
        <SubmitButton pending={isSubmitting} pendingLabel="Logging in…">
          Log in
        </SubmitButton>
        <p className="text-center text-sm text-muted">
          New to StudyNest?{' '}
          <Link to={paths.signUp.getHref(next)} className="font-semibold text-brand-700 underline">
            Create an account
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
