import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import type { FieldValues, UseFormRegisterReturn, UseFormSetError } from '../../../lib/form.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { NOTICE_MS } from '../../../lib/use-timed-notice.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * What the two screens that take an e-mailed code share (confirm the e-mail, reset the password):
 * the error and info lines, "Resend code", and once it worked, a notice and on to the login page.
 */
export function useCodeEntry<T extends FieldValues>({
  email,
  checkEmail,
  setError,
  resend,
  initialInfo,
}: {
  /** The e-mail field's current value. */
  email: () => string;
  /** Validates the e-mail field (false: its message is shown and nothing is sent). */
  checkEmail: () => Promise<boolean>;
  setError: UseFormSetError<T>;
  resend: (email: string) => Promise<{ message: string }>;
  initialInfo?: string | undefined;
}) {
  const navigate = useNavigate();
  const [error, setErrorMessage] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(initialInfo ?? null);
  const [done, setDone] = useState<string | null>(null);

  // After the success notice, on to the login page (unless they left already: the timer is cleared).
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(paths.login.getHref(), { state: { email: email() } }),
      NOTICE_MS.saved,
    );
    return () => clearTimeout(timer);
  }, [done, navigate, email]);

  /** Run a submit: its message on success, the server's reasons on the fields (or in the error line). */
  const attempt = async (send: () => Promise<{ message: string }>) => {
    setErrorMessage(null);
    try {
      const res = await send();
      setInfo(null);
      setDone(res.message);
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  };

  const onResend = async () => {
    setErrorMessage(null);
    setInfo(null);
    if (!(await checkEmail())) return;
    try {
      setInfo((await resend(email().trim().toLowerCase())).message);
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  };

  return { error, info, done, attempt, onResend };
}

/** The card shown once the code worked. */
export function CodeEntryDone({ title, message, email }: { title: string; message: string; email: string }) {
  return (
    <AuthCard title={title}>
      <div className="flex flex-col gap-4">
        <Alert tone="success">{message}</Alert>
        <p className="text-muted">Taking you to the login page…</p>
        <Link to={paths.login.getHref()} state={{ email }} className="btn-primary">
          Log in now
        </Link>
      </div>
    </AuthCard>
  );
}

/** The e-mail: hidden when the link brought it (and it is valid), a field otherwise. */
export function CodeEmailField({
  fromLink,
  error,
  registration,
}: {
  fromLink: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'email'>;
}) {
  if (fromLink && !error) return <input type="hidden" {...registration} />;
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      error={error}
      {...registration}
    />
  );
}
