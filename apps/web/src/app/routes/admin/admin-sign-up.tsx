import { Link, useNavigate } from 'react-router';
import { NoticeBanner } from '../../../components/ui/notice-banner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAdminSignup } from '../../../features/auth/api/auth-mutations.ts';
import { ConfirmPasswordModal } from '../../../features/auth/components/confirm-password-modal.tsx';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { flash } from '../../../lib/flash.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isReauthCancelled, useReauth } from '../../../lib/use-reauth.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';

export function Component() {
  useDocumentTitle('Create an admin account');
  const adminSignup = useAdminSignup();
  const navigate = useNavigate();
  const { notice, show } = useTimedNotice();
  // Creating an admin needs a recently entered password: the server may ask for it again.
  const reauth = useReauth();

  return (
    <section className="mx-auto w-full max-w-xl">
      <div className="card p-5 sm:p-7">
        <h1 className="text-2xl">Create An Admin Account.</h1>
        <p className="mt-2 text-muted">
          The new admin can log in straight away with this email and password.
        </p>
        <div className="mt-5">
          <SignupForm
            pendingLabel="Creating account…"
            onSubmit={async (values) => {
              try {
                // Admins' names and e-mail are sent lowercased, the rest as entered (docs/domain.md,
                // "Accounts"); the contract already lowercases the gender.
                await reauth.run(() =>
                  adminSignup.mutateAsync({
                    ...values,
                    first_name: values.first_name.toLowerCase(),
                    last_name: values.last_name.toLowerCase(),
                    email: values.email.toLowerCase(),
                  }),
                );
              } catch (err) {
                if (isReauthCancelled(err)) return; // the form stays as typed
                throw err;
              }
              // On to the dashboard at once, the notice shown there: nobody waits on the form for it.
              flash({ tone: 'success', message: 'Admin Account Created Successfully' });
              navigate(paths.admin.dashboard.getHref());
            }}
            onServerError={(message) => show({ tone: 'error', message }, NOTICE_MS.error)}
            footer={
              <Link to={paths.login.getHref()} className="btn-secondary w-full">
                Login
              </Link>
            }
          />
        </div>
      </div>
      <NoticeBanner notice={notice} />
      <ConfirmPasswordModal {...reauth.modal} />
    </section>
  );
}
