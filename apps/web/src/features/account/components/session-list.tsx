import type { SessionInfo } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { isReauthCancelled } from '../../../lib/use-reauth.ts';
import { sessionQueries, useSignOutOthers, useSignOutSession } from '../api/session-queries.ts';

/**
 * "Where you're signed in": every session of this account, with a way to end the others. Ending a
 * session asks for the password when it was not entered lately (ASVS 3.3.4: a stolen session must
 * not be able to sign its owner out), so each action runs through `confirm` (the route's useReauth).
 */
export function SessionList({ confirm }: { confirm: <T>(action: () => Promise<T>) => Promise<T> }) {
  const sessions = useQuery(sessionQueries.list());
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);

  const others = sessions.data?.filter((s) => !s.current) ?? [];

  const attempt = async (action: () => Promise<string>) => {
    setNotice(null);
    try {
      setNotice({ tone: 'success', message: await confirm(action) });
    } catch (err) {
      if (!isReauthCancelled(err)) setNotice({ tone: 'error', message: (err as Error).message });
    }
  };
  const endOne = (session: SessionInfo) =>
    attempt(async () => {
      await signOut.mutateAsync(session._id);
      return `Signed out ${session.device}.`;
    });
  const endOthers = () => attempt(async () => (await signOutOthers.mutateAsync()).message);

  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <div>
        <h3 id="sessions-heading" className="text-lg">
          Where you're signed in
        </h3>
        <p className="mt-1 text-sm text-muted">
          Don't recognise a device? Sign it out, then change your password.
        </p>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.message}</Alert>}
      {sessions.isPending && <Spinner label="Loading your sessions…" />}
      {sessions.isError && <QueryError error={sessions.error} retry={() => sessions.refetch()} />}
      {sessions.data &&
        (sessions.data.length === 0 ? (
          <p className="text-muted">No sessions to show.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
              {sessions.data.map((s) => (
                <li
                  key={s._id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold break-words">
                      {s.device}
                      {s.current && (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                          This device
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-muted">
                      <span className="block sm:inline">Signed in {formatLagosDateTime(s.created_at)}</span>
                      <span className="hidden sm:inline" aria-hidden="true">
                        {' · '}
                      </span>
                      <span className="block sm:inline">
                        Last active {formatLagosDateTime(s.last_seen_at)}
                      </span>
                    </p>
                  </div>
                  {!s.current && (
                    <button
                      type="button"
                      className="btn-secondary min-h-10 shrink-0 self-start px-3 sm:self-center"
                      disabled={signOut.isPending && signOut.variables === s._id}
                      aria-label={`Sign out ${s.device}, last active ${formatLagosDateTime(s.last_seen_at)}`}
                      onClick={() => endOne(s)}
                    >
                      {signOut.isPending && signOut.variables === s._id ? 'Signing out…' : 'Sign out'}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <div>
                <button
                  type="button"
                  className="btn-secondary w-full sm:w-auto"
                  disabled={signOutOthers.isPending}
                  onClick={endOthers}
                >
                  {signOutOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
                </button>
              </div>
            ) : (
              <p className="text-sm text-muted">You're not signed in anywhere else.</p>
            )}
          </>
        ))}
    </section>
  );
}
