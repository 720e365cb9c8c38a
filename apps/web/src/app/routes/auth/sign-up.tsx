import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignup } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { safeNext } from '../../../lib/next-path.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BookingIntent } from '../../booking-intent.tsx';

export function Component() {
  useDocumentTitle('Sign up');
  const signup = useSignup();
  const navigate = useNavigate();
  const next = safeNext(useSearchParams()[0].get('next'));
  return (
    <AuthCard title="Create your account" intro="Sign up to book room inspections and pay rent online.">
      <BookingIntent next={next} lead="Create an account" />
      <SignupForm
        askConsent
        onSubmit={async (values) => {
          const res = await signup.mutateAsync(values);
          navigate(paths.signUpOtp.getHref(res.user.email, next), { state: { message: res.message } });
        }}
        footer={
          <p className="text-center text-sm text-muted">
            Already have an account?{' '}
            <Link to={paths.login.getHref(next)} className="font-semibold text-brand-700 underline">
              Log in
            </Link>
          </p>
        }
      />
    </AuthCard>
  );
}
