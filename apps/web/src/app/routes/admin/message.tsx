import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { messageQueries } from '../../../features/messages/api/message-queries.ts';
import { MessageDetailView } from '../../../features/messages/components/message-detail.tsx';
import { headline } from '../../../features/messages/components/message-log-table.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useHostelNames } from '../../hostel-names.ts';

/** /admin-messages/:messageId: one send with each recipient's delivery status and failure reason. */
export function Component() {
  useDocumentTitle('Message');
  const { messageId = '' } = useParams();
  const message = useQuery(messageQueries.detail(messageId));
  const hostelName = useHostelNames();
  return (
    <section className="flex flex-col gap-4">
      <div>
        <Link to={paths.admin.messages.getHref()} className="text-sm font-semibold text-brand-700 underline">
          ← Message log
        </Link>
        <h1 className="mt-1 text-2xl break-words">{message.data ? headline(message.data) : 'Message'}</h1>
      </div>
      {message.isPending && <Spinner label="Loading the message…" />}
      {message.isError && <QueryError error={message.error} retry={() => message.refetch()} />}
      {message.data && <MessageDetailView message={message.data} hostelName={hostelName} />}
    </section>
  );
}
