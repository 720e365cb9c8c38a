import { useQuery } from '@tanstack/react-query';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { documentQueueQuery } from '../../../features/documents/api/document-admin-queries.ts';
import { DocumentQueue } from '../../../features/documents/components/document-queue.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /admin-documents: students' documents waiting for review, oldest first. Each file opened is logged. */
export function Component() {
  useDocumentTitle('Documents');
  const queue = useQuery(documentQueueQuery());
  return (
    <section className="flex max-w-2xl flex-col gap-4">
      <div>
        <h1 className="text-2xl">Documents to review</h1>
        <p className="text-sm text-muted">Oldest first. Opening a document is written to the activity log.</p>
      </div>
      {queue.isPending && <Spinner label="Loading documents…" />}
      {queue.isError && <QueryError error={queue.error} retry={() => queue.refetch()} />}
      {queue.data && <DocumentQueue items={queue.data} />}
    </section>
  );
}
