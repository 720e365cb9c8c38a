import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignup } from '../../../features/auth/api/auth-mutations.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Sign up');
  const signup = useSignup();
  const navigate = useNavigate();
  return (
    <AuthCard title="Create your account" intro="Sign up to book room inspections and pay rent online.">
      <SignupForm
        onSubmit={async (values) => {
          const res = await signup.mutateAsync(values);
          navigate(paths.signUpOtp.getHref(res.user.email), { state: { message: res.message } });
        }}
        footer={
          <p className="text-center text-sm text-muted">
            Already have an account?{' '}
            <Link to={paths.login.getHref()} className="font-semibold text-brand-700 underline">
              Log in
            </Link>
          </p>
        }
      />
    </AuthCard>
  );
}
