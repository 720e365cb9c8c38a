import type { Profile } from '@studynest/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** Who this is: full name, e-mail (and whether it is confirmed), phone; `actions` holds Logout. */
export function ProfileSummary({ profile, actions }: { profile: Profile; actions?: ReactNode }) {
  const fullName = `${profile.first_name} ${profile.last_name}`;
  return (
    <section aria-labelledby="profile-name" className="card flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">
            {profile.role === 'admin' ? 'Administrator' : 'Student'}
          </p>
          <h1 id="profile-name" className="text-2xl break-words capitalize sm:text-3xl">
            {fullName}
          </h1>
        </div>
        {actions}
      </div>
      <dl className="grid gap-3 sm:grid-cols-[10rem_1fr] sm:gap-x-4">
        <dt className="text-sm font-medium text-muted">Email</dt>
        <dd className="-mt-2 flex flex-wrap items-center gap-2 break-all sm:mt-0">
          <span>{profile.email}</span>
          {profile.isEmailConfirmed ? (
            <span className="rounded-full bg-ok-50 px-2 py-0.5 text-xs font-semibold text-ok-700">
              Verified
            </span>
          ) : (
            <span className="rounded-full bg-warn-50 px-2 py-0.5 text-xs font-semibold text-warn-700">
              Not verified
            </span>
          )}
        </dd>
        <dt className="text-sm font-medium text-muted">Phone</dt>
        <dd className="-mt-2 sm:mt-0">{profile.phone_number}</dd>
      </dl>
      {!profile.isEmailConfirmed && (
        <p className="text-sm text-muted">
          Your email address is not confirmed yet.{' '}
          <Link
            to={paths.signUpOtp.getHref(profile.email)}
            className="font-semibold text-brand-700 underline"
          >
            Verify your email
          </Link>
        </p>
      )}
    </section>
  );
}
