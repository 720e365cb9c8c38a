import type { User } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryError } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { NoticeBanner } from '../../../components/ui/notice-banner.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { PageLoading } from '../../../components/ui/spinner.tsx';
import { ConfirmPasswordModal } from '../../../features/auth/components/confirm-password-modal.tsx';
import {
  useDeleteUser,
  useResetTwoStep,
  userQueries,
} from '../../../features/users/api/admin-user-queries.ts';
import { PhoneReviewList } from '../../../features/users/components/phone-review-list.tsx';
import { UserTable } from '../../../features/users/components/user-table.tsx';
import { useSession } from '../../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { isReauthCancelled, useReauth } from '../../../lib/use-reauth.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';

/**
 * Contains, case-insensitive, on e-mail or phone number (spec: 'email or phone_number only'). Numbers
 * are stored as +234…; one typed as people say it (0803 123…) finds them too.
 */
function matches(user: User, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const phone = user.phone_number.toLowerCase();
  const digits = q.replace(/[\s-]/g, '');
  return (
    user.email.toLowerCase().includes(q) ||
    phone.includes(q) ||
    (digits !== '' && (phone.includes(digits) || phone.replace(/^\+234/, '0').includes(digits)))
  );
}

export function Component() {
  useDocumentTitle('All users');
  const session = useSession();
  const users = useQuery(userQueries.all());
  const phoneReviews = useQuery(userQueries.phoneReviews());
  const remove = useDeleteUser();
  const { notice, show } = useTimedNotice();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<User | null>(null);
  const [deleting, setDeleting] = useState(false);
  const resetTwoStep = useResetTwoStep();
  const [pendingReset, setPendingReset] = useState<User | null>(null);
  // Deleting an account needs a recently entered password: the server may ask for it again.
  const reauth = useReauth();

  const confirmDelete = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      await reauth.run(() => remove.mutateAsync(pending._id));
      show({ tone: 'success', message: 'User Account Deleted Successfully !' }, NOTICE_MS.deleted);
    } catch (err) {
      // Cancelled at the password prompt: nothing was deleted and there is nothing to say.
      if (!isReauthCancelled(err)) show({ tone: 'error', message: (err as Error).message }, NOTICE_MS.error);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  };

  const confirmReset = async () => {
    if (!pendingReset) return;
    try {
      const res = await reauth.run(() => resetTwoStep.mutateAsync(pendingReset._id));
      show({ tone: 'success', message: res.message }, NOTICE_MS.saved);
    } catch (err) {
      if (!isReauthCancelled(err)) show({ tone: 'error', message: (err as Error).message }, NOTICE_MS.error);
    } finally {
      setPendingReset(null);
    }
  };

  const shown = users.data?.filter((u) => matches(u, search)) ?? [];

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl">All Users</h1>
        {users.data && (
          <p className="text-sm text-muted" aria-live="polite">
            {search.trim()
              ? `Showing ${shown.length} of ${users.data.length} users`
              : `Total Users: ${users.data.length}`}
          </p>
        )}
      </div>
      {phoneReviews.data && <PhoneReviewList reviews={phoneReviews.data} />}
      <SearchField
        label="Search users"
        placeholder="Search by user email or phone_number only!"
        value={search}
        onSearch={setSearch}
      />
      {users.isPending && <PageLoading label="Loading users…" />}
      {users.isError && <QueryError error={users.error} retry={() => users.refetch()} />}
      {users.data &&
        (shown.length === 0 ? (
          <p className="card text-muted">
            {users.data.length === 0
              ? 'There are no user accounts yet.'
              : 'No user matches that email or phone number.'}
          </p>
        ) : (
          <UserTable
            users={shown}
            currentUserId={session?.userId}
            onDelete={setPending}
            onResetTwoStep={setPendingReset}
          />
        ))}
      <ConfirmDialog
        open={pending !== null}
        title="Delete this account?"
        message={
          pending && (
            <>
              <span className="capitalize">
                {pending.first_name} {pending.last_name}
              </span>{' '}
              ({pending.email}) will lose access at once. Their bookings and payments stay on record. This
              cannot be undone.
            </>
          )
        }
        confirmLabel="Delete account"
        keepLabel="Keep account"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
      <ConfirmDialog
        open={pendingReset !== null}
        title="Reset two-step sign-in?"
        message={
          pendingReset && (
            <>
              Only do this after checking that it really is {pendingReset.email} asking (in person, or by
              calling a number you already know). They are signed out everywhere and set two-step sign-in up
              again after logging in with their password.
            </>
          )
        }
        confirmLabel="Reset two-step sign-in"
        keepLabel="Leave it as it is"
        busy={resetTwoStep.isPending}
        onConfirm={confirmReset}
        onCancel={() => setPendingReset(null)}
      />
      <NoticeBanner notice={notice} />
      <ConfirmPasswordModal {...reauth.modal} />
    </section>
  );
}
