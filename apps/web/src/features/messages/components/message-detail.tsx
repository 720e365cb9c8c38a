import type { AdminMessageDetail, DeliveryStatus } from '@studynest/contracts';
import { AdminTable } from '../../../components/ui/admin-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { formatLagosDateTime } from '../../../lib/format.ts';
import { useRetryFailed } from '../api/message-queries.ts';
import { channelLabel, describeAudience } from '../audience.ts';
import { DeliveryCounts } from './message-log-table.tsx';
import { SkippedList } from './skipped-list.tsx';

const STATUS_TONE: Record<DeliveryStatus, string> = {
  queued: 'badge-muted',
  sending: 'badge-brand',
  sent: 'badge-ok',
  failed: 'badge-danger',
  cancelled: 'badge-warn',
};

function StatusBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`${STATUS_TONE[status]} capitalize`}>{status}</span>;
}

/** Failed deliveries go back on the queue; the button says how many did. */
function RetryFailed({ id, failed }: { id: string; failed: number }) {
  const retry = useRetryFailed(id);
  return (
    <div className="flex flex-col items-start gap-2">
      {failed > 0 && (
        <button
          type="button"
          className="btn-primary"
          disabled={retry.isPending}
          onClick={() => retry.mutate()}
        >
          {retry.isPending ? 'Retrying…' : `Retry failed (${failed})`}
        </button>
      )}
      {retry.isSuccess && (
        <Alert tone="success">
          {retry.data.retried === 1
            ? '1 delivery is queued again.'
            : `${retry.data.retried} deliveries are queued again.`}
        </Alert>
      )}
      {retry.isError && <Alert tone="error">{retry.error.message}</Alert>}
    </div>
  );
}

/** One send: what was said, to whom, and each person's delivery with its failure reason. */
export function MessageDetailView({
  message,
  hostelName,
}: {
  message: AdminMessageDetail;
  hostelName?: (id: string) => string | undefined;
}) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Sent</dt>
        <dd>
          <time dateTime={message.created_at}>{formatLagosDateTime(message.created_at)}</time>
          {message.sender && (
            <>
              {' '}
              by <span className="capitalize">{message.sender.name}</span>
            </>
          )}
        </dd>
        <dt className="text-muted">Channel</dt>
        <dd>{channelLabel(message.channel)}</dd>
        <dt className="text-muted">To</dt>
        <dd>
          {describeAudience(message.audience, hostelName)} ·{' '}
          {message.recipients === 1 ? '1 recipient' : `${message.recipients} recipients`}
        </dd>
        <dt className="text-muted">Deliveries</dt>
        <dd>
          <DeliveryCounts counts={message.counts} />
        </dd>
        {message.subject && (
          <>
            <dt className="text-muted">Subject</dt>
            <dd className="font-semibold break-words">{message.subject}</dd>
          </>
        )}
        <dt className="text-muted">Message</dt>
        <dd className="break-words whitespace-pre-wrap">{message.body}</dd>
      </dl>
      {message.skipped.length > 0 && (
        <div className="card">
          <SkippedList skipped={message.skipped} />
        </div>
      )}
      <RetryFailed id={message.id} failed={message.counts.failed} />
      <AdminTable
        columns={[
          {
            header: 'Recipient',
            className: 'capitalize',
            cell: (d) => d.user?.name ?? <span className="text-muted">—</span>,
          },
          { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
          {
            header: 'Sent at',
            className: 'whitespace-nowrap',
            cell: (d) =>
              d.sent_at ? (
                <time dateTime={d.sent_at}>{formatLagosDateTime(d.sent_at)}</time>
              ) : (
                <span className="text-muted">—</span>
              ),
          },
          { header: 'To', className: 'break-all', cell: (d) => d.to },
          { header: 'Reason', className: 'text-danger-700', cell: (d) => d.error ?? '' },
        ]}
        label="Deliveries"
        minWidth="min-w-[40rem]"
        rows={message.deliveries}
        rowKey={(d) => d.id}
      />
    </div>
  );
}
