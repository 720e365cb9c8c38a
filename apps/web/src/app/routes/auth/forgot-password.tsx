import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmailField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useForgotPassword } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { SubmitButton } from '../../../features/auth/components/submit-button.tsx';
import { applyServerErrors, lazyZodResolver, useForm } from '../../../lib/form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/users').then((m) => m.ForgotPasswordSchema),
);

export function Component() {
  useDocumentTitle('Forgot password');
  useEffect(() => resolver.preload(), []);
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const [error, setErrorMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, errors, isSubmitting } = useForm({
    resolver,
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setErrorMessage(null);
    try {
      const res = await forgot.mutateAsync(email);
      navigate(paths.resetPassword.getHref(email), { state: { message: res.message } });
    } catch (err) {
      setErrorMessage(applyServerErrors(err, setError));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email address linked to your account and we will send you a four-digit code to reset your password."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {error && <Alert tone="error">{error}</Alert>}
        <EmailField error={errors.email?.message} {...register('email')} />
        <SubmitButton pending={isSubmitting} pendingLabel="Requesting OTP…">
          Request OTP
        </SubmitButton>
        <p className="text-center text-sm text-muted">
          Remembered it?{' '}
          <Link to={paths.login.getHref()} className="font-semibold text-brand-700 underline">
            Back to login
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
