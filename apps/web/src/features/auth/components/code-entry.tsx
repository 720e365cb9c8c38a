import type { Message } from '@studynest/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { getSession } from '../../../lib/auth-storage.ts';
import { flash } from '../../../lib/flash.ts';
import { applyServerErrors, type FieldErrors, type Path, type Resolver, useForm } from '../../../lib/form.ts';
import { safeNext } from '../../../lib/next-path.ts';
import { AuthCard } from './auth-card.tsx';
import { OtpField } from './otp-input.tsx';
import { NewPasswordField } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

/** What a code screen holds: the e-mail, its 4-digit code, and (resetting) the new password. */
export type CodeValues = { email: string; otp: string; password?: string };

/**
 * The screens that take an e-mailed code (confirm the e-mail after sign-up, reset a password): the
 * e-mail (hidden when the link brought it and it is valid), the code, a new password when asked for,
 * the error and info lines, "Resend code", and once it worked, on to the login page with a notice
 * (or, when the code signed her in, straight to where she was going: `?next=`, kept to login too).
 * Each screen says only what differs: its words, its checks, what it sends.
 */
export function CodeEntryForm<I extends CodeValues, O extends CodeValues>({
  title,
  intro,
  otpPlaceholder,
  submitLabel,
  pendingLabel,
  resendLabel,
  infoTone,
  newPassword = false,
  resolver,
  send,
  resend,
  footer,
}: {
  title: string;
  /** What the card says first, knowing the e-mail the link brought ('' when none). */
  intro: (emailFromLink: string) => ReactNode;
  otpPlaceholder: string;
  submitLabel: string;
  pendingLabel: string;
  resendLabel: string;
  /** How the message the screen was opened with reads (sign-up's "we sent you a code" is good news). */
  infoTone: 'info' | 'success';
  newPassword?: boolean;
  resolver: Resolver<I, unknown, O> & { preload: () => void };
  /** `token`: the code signed her in (sign-up's ticket went with it). */
  send: (values: O) => Promise<Message & { token?: string }>;
  resend: { mutateAsync: (email: string) => Promise<Message>; isPending: boolean };
  footer: ReactNode;
}) {
  useEffect(() => resolver.preload(), [resolver]);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const emailFromLink = params.get('email') ?? '';
  const next = safeNext(params.get('next'));
  const [error, setErrorMessage] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(
    (location.state as { message?: string } | null)?.message ?? null,
  );
  const form = useForm<I, unknown, O>({
    resolver,
    defaultValues: { email: emailFromLink, otp: '', ...(newPassword ? { password: '' } : {}) } as I,
  });
  // The fields every code screen has, named once for any of their value types.
  const { handleSubmit, setError, isSubmitting } = form;
  const errors = form.errors as FieldErrors<CodeValues>;
  const register = (name: keyof CodeValues) => form.register(name as Path<I>);
  const getValues = (name: keyof CodeValues) => form.getValues(name as Path<I>) as string;
  const trigger = (name: keyof CodeValues) => form.trigger(name as Path<I>);

  /** The server's reasons go on the fields, or in the error line. */
  const run = async (action: () => Promise<void>) => {
    setErrorMessage(null);
    try {
      await action();
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  };
  const submit = handleSubmit((values) =>
    run(async () => {
      const res = await send(values);
      // The good news shows on the next screen (no timer to sit through). Signed in (by this code, or
      // from before): on to where she was going. Else the login page, the e-mail filled in.
      flash({ tone: 'success', message: res.message });
      const signedIn = Boolean(res.token) || getSession() !== null;
      const destination =
        signedIn && next ? next : res.token ? paths.home.getHref() : paths.login.getHref(next);
      navigate(destination, { replace: signedIn, state: { email: values.email } });
    }),
  );
  const onResend = async () => {
    setInfo(null);
    if (!(await trigger('email'))) return;
    await run(async () =>
      setInfo((await resend.mutateAsync(getValues('email').trim().toLowerCase())).message),
    );
  };

  const emailError = errors.email?.message;
  return (
    <AuthCard title={title} intro={intro(emailFromLink)}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {info && <Alert tone={infoTone}>{info}</Alert>}
        {error && <Alert tone="error">{error}</Alert>}
        {emailFromLink && !emailError ? (
          <input type="hidden" {...register('email')} />
        ) : (
          <EmailField error={emailError} {...register('email')} />
        )}
        <OtpField
          label="Four-digit code"
          placeholder={otpPlaceholder}
          error={errors.otp?.message}
          {...register('otp')}
        />
        {newPassword && (
          <NewPasswordField
            label="New password"
            strengthOf={form.watch('password' as Path<I>) as string}
            error={errors.password?.message}
            {...register('password')}
          />
        )}
        <SubmitButton pending={isSubmitting} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
        <button type="button" className="btn-secondary w-full" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending a new code…' : resendLabel}
        </button>
        <p className="text-center text-sm text-muted">{footer}</p>
      </form>
    </AuthCard>
  );
}
