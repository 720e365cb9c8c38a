import { TwoStepSettings } from '../../../features/auth/components/two-step-settings.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /admin-security: the signed-in admin's two-step sign-in (authenticator app codes). */
export function Component() {
  useDocumentTitle('Two-step sign-in');
  return (
    <section className="mx-auto w-full max-w-xl">
      <div className="card flex flex-col gap-4 p-5 sm:p-7">
        <div>
          <h1 className="text-2xl">Two-step sign-in</h1>
          <p className="mt-2 text-muted">
            Signing in as an admin then asks for your password and a 6-digit code from an app on your phone,
            so a stolen password alone cannot open the admin pages.
          </p>
        </div>
        <TwoStepSettings />
      </div>
    </section>
  );
}
