import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router';
import { QueryError } from '../../components/ui/alert.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { myDocumentsQuery } from '../../features/documents/api/document-queries.ts';
import { DocumentUpload } from '../../features/documents/components/document-upload.tsx';
import { useSession } from '../../lib/auth-storage.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * Her documents (student ID or admission letter; passport, national ID, NIN slip or voter's card),
 * linked from her profile: a page of its own, so the profile does not carry the upload form.
 */
export function Component() {
  useDocumentTitle('Your documents');
  const session = useSession();
  const location = useLocation();
  const mine = useQuery({ ...myDocumentsQuery(), enabled: Boolean(session) });
  if (!session) return <Navigate to={paths.login.getHref()} state={{ from: location.pathname }} replace />;
  return (
    <div className="container-page flex max-w-2xl flex-col gap-6 py-6 sm:py-10">
      <Link
        to={paths.profile.getHref(session.userId)}
        className="self-start font-semibold text-brand-800 underline"
      >
        Back to my profile
      </Link>
      <div>
        <h1 className="text-2xl">Your documents</h1>
        <p className="text-muted">
          To rent a room we need to see one proof that you study and one proof of who you are. Only you and
          StudyNest's admins can see them.
        </p>
      </div>
      {mine.isPending && <PageLoading label="Loading your documents…" />}
      {mine.isError && <QueryError error={mine.error} retry={() => mine.refetch()} />}
      {mine.data && <DocumentUpload mine={mine.data} />}
    </div>
  );
}
