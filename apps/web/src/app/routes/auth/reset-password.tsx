import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useForgotPassword, useResetPassword } from '../../../features/auth/api/auth-mutations.ts';
import { CodeEntryForm } from '../../../features/auth/components/code-entry.tsx';
import { lazyZodResolver } from '../../../lib/form.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/users').then((m) => m.ResetPasswordSchema),
);

export function Component() {
  useDocumentTitle('Reset password');
  const reset = useResetPassword();
  return (
    <CodeEntryForm
      title="Reset your password"
      intro={(email) =>
        email ? (
          <>
            Enter the four-digit code sent to your registered email{' '}
            <strong className="break-all text-ink">{email}</strong> and choose a new password.
          </>
        ) : (
          'Enter your registered email, the four-digit code sent to it and a new password.'
        )
      }
      otpPlaceholder="Enter the four-digit code sent to your registered email"
      newPassword
      submitLabel="Reset password"
      pendingLabel="Resetting…"
      resendLabel="Send a new code"
      infoTone="info"
      resolver={resolver}
      send={reset.mutateAsync}
      resend={useForgotPassword()}
      footer={
        <Link to={paths.login.getHref()} className="font-semibold text-brand-700 underline">
          Back to login
        </Link>
      }
    />
  );
}
