import type { AdminMessageSummary } from '@studynest/contracts';
import { Link } from 'react-router';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { channelLabel, describeAudience } from '../audience.ts';

/** What a send is about in one line: its subject, or a text's first line. */
export const headline = (m: Pick<AdminMessageSummary, 'subject' | 'body'>) =>
  m.subject ?? m.body.split('\n', 1)[0] ?? '';

export function DeliveryCounts({
  counts,
  stacked = false,
}: {
  counts: AdminMessageSummary['counts'];
  /** One count per line: narrow enough to sit beside the message on a phone. */
  stacked?: boolean;
}) {
  const waiting = counts.queued + counts.sending;
  return (
    <span className={`flex whitespace-nowrap ${stacked ? 'flex-col' : 'flex-wrap gap-x-3 gap-y-1'}`}>
      <span className="text-ok-700">{counts.sent} sent</span>
      <span className={counts.failed > 0 ? 'font-semibold text-danger-700' : 'text-muted'}>
        {counts.failed} failed
      </span>
      <span className="text-muted">{waiting} queued</span>
    </span>
  );
}

/**
 * The message log, newest first. Each message's subject (or first line) links to its deliveries.
 * What was said and how it went come first, so a phone shows them without scrolling; the rest
 * scrolls sideways inside the table's own box, never the page.
 */
export function MessageLogTable({
  messages,
  hostelName,
}: {
  messages: AdminMessageSummary[];
  hostelName?: (id: string) => string | undefined;
}) {
  return (
    <AdminTable
      columns={[
        {
          header: 'Message',
          className: 'min-w-[11rem]',
          cell: (m) => (
            <Link
              to={paths.admin.message.getHref(m.id)}
              className="line-clamp-2 font-medium break-words text-brand-700 underline"
            >
              {headline(m) || '(no text)'}
            </Link>
          ),
        },
        { header: 'Deliveries', cell: (m) => <DeliveryCounts counts={m.counts} stacked /> },
        {
          header: 'When',
          className: 'whitespace-nowrap',
          cell: (m) => <time dateTime={m.created_at}>{formatLagosDateTime(m.created_at)}</time>,
        },
        { header: 'Channel', cell: (m) => channelLabel(m.channel) },
        { header: 'To', cell: (m) => describeAudience(m.audience, hostelName) },
        {
          header: 'Sent by',
          className: 'capitalize',
          cell: (m) => m.sender?.name ?? <span className="text-muted">—</span>,
        },
      ]}
      label="Message log"
      minWidth="min-w-[48rem]"
      rows={messages}
      rowKey={(m) => m.id}
      rowClassName={() => 'hover:bg-subtle'}
      empty="No messages sent yet."
    />
  );
}
