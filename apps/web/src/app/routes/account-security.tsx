import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { QueryError } from '../../components/ui/alert.tsx';
import { CardSection } from '../../components/ui/card-section.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { sessionQueries } from '../../features/account/api/session-queries.ts';
import { SessionList } from '../../features/account/components/session-list.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { ConfirmPasswordModal } from '../../features/auth/components/confirm-password-modal.tsx';
import { DataSaverSwitch } from '../../features/users/components/data-saver-switch.tsx';
import { DeleteAccount } from '../../features/users/components/delete-account.tsx';
import { DownloadMyData } from '../../features/users/components/download-my-data.tsx';
import { MessagePreferences } from '../../features/users/components/message-preferences.tsx';
import { PersonalDetailsForm } from '../../features/users/components/personal-details-form.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { profileQuery } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useReauth } from '../../lib/use-reauth.ts';

/**
 * The signed-in person's settings: which messages reach her and this phone's data saver, her
 * password, the devices signed in to her account, and her data (correct her name and phone,
 * download it, delete the account: docs/domain.md, "People's rights over their data"): linked from
 * the profile's Account section, a page of its own so the profile does not carry its forms.
 */
export function Component() {
  useDocumentTitle('Account settings');
  const session = useSession();
  const location = useLocation();
  const profile = useQuery({ ...profileQuery(session?.userId ?? ''), enabled: Boolean(session) });
  const queryClient = useQueryClient();
  const reauth = useReauth();

  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead
        userId={session.userId}
        title="Messages, data saver, password, devices and your data"
      />
      {profile.isPending ? (
        <PageLoading label="Loading your account…" />
      ) : profile.isError ? (
        <QueryError error={profile.error} retry={() => profile.refetch()} />
      ) : (
        <>
          <MessagePreferences profile={profile.data} />
          <DataSaverSwitch />
          <CardSection title="Account security" roomy>
            <ChangePasswordForm
              email={profile.data.email}
              // The other sessions have just been signed out by the server.
              onChanged={() => queryClient.invalidateQueries({ queryKey: sessionQueries.list().queryKey })}
            />
            <div className="border-t border-line pt-6">
              <SessionList confirm={reauth.run} />
            </div>
            <ConfirmPasswordModal {...reauth.modal} />
          </CardSection>
          <PersonalDetailsForm key={profile.data._id} profile={profile.data} />
          <DownloadMyData />
          {profile.data.role === 'student' && <DeleteAccount />}
        </>
      )}
    </div>
  );
}
