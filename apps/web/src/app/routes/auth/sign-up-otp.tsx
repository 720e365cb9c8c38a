import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useResendOtp, useVerifyEmail } from '../../../features/auth/api/auth-mutations.ts';
import { CodeEntryForm } from '../../../features/auth/components/code-entry.tsx';
import { lazyZodResolver } from '../../../lib/form.ts';
import { safeNext } from '../../../lib/next-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

// The contract schema loads after the screen (see lazyZodResolver).
const resolver = lazyZodResolver(() => import('@studynest/contracts/users').then((m) => m.VerifyEmailSchema));

export function Component() {
  useDocumentTitle('Confirm your email');
  const verify = useVerifyEmail();
  const next = safeNext(useSearchParams()[0].get('next'));
  return (
    <CodeEntryForm
      title="Confirm your email"
      intro={(email) =>
        email ? (
          <>
            We sent a four-digit code to <strong className="break-all text-ink">{email}</strong>.
          </>
        ) : (
          'Enter the email address you signed up with and the four-digit code we sent to it.'
        )
      }
      otpPlaceholder="Enter four digit pin code sent to your email address"
      submitLabel="Verify"
      pendingLabel="Verifying…"
      resendLabel="Resend code"
      infoTone="success"
      resolver={resolver}
      send={verify.mutateAsync}
      resend={useResendOtp()}
      footer={
        <>
          Already confirmed?{' '}
          <Link to={paths.login.getHref(next)} className="font-semibold text-brand-700 underline">
            Log in
          </Link>
        </>
      }
    />
  );
}
