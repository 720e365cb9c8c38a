import { Navigate, useLocation } from 'react-router';
import { ProfilePageHead } from '../../components/layouts/profile-page-head.tsx';
import { paths } from '../../config/paths.ts';
import { SavedList } from '../../features/saved/components/saved-list.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Her saved hostels and searches, linked from her profile: a page of its own, so the profile does
 * not carry it (bench/bundle-size.mjs).
 */
export function Component() {
  useDocumentTitle('Saved hostels and searches');
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex flex-col gap-6 py-6 sm:py-10">
      <ProfilePageHead userId={session.userId} title="Saved hostels and searches" />
      <p className="text-muted">
        When a room that matches one of these can be booked, we tell you, at most once a day for each.
      </p>
      <SavedList />
    </div>
  );
}
