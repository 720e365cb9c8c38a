import type { DocumentQueueItem } from '@studynest/contracts/documents';
import { formatLagosDateTime } from '@studynest/contracts/format';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { openDocument, useReviewDocument } from '../api/document-admin-queries.ts';

/** Documents waiting for review, oldest first: open each, then approve or reject with a reason. */
export function DocumentQueue({ items }: { items: DocumentQueueItem[] }) {
  if (!items.length) return <p className="card text-muted">No documents are waiting for review.</p>;
  return (
    <ol className="flex flex-col gap-4">
      {items.map((item) => (
        <li key={item._id}>
          <QueueCard item={item} />
        </li>
      ))}
    </ol>
  );
}

function QueueCard({ item }: { item: DocumentQueueItem }) {
  const review = useReviewDocument();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const name = `${item.student.first_name} ${item.student.last_name}`;
  const label = item.kind_label;

  const decide = (body: { decision: 'approve' } | { decision: 'reject'; reason: string }) => {
    setProblem(null);
    review.mutate({ id: item._id, ...body }, { onError: (err) => setProblem(err.message) });
  };

  return (
    <article className="card flex flex-col gap-3 p-4" aria-label={`${label} of ${name}`}>
      <div>
        <h2 className="font-bold">
          {label} · {name}
        </h2>
        <p className="text-sm text-muted">
          {item.student.email} · sent {formatLagosDateTime(item.uploaded_at)} · {item.file_name}
          {item.pages ? ` · ${item.pages} ${item.pages === 1 ? 'page' : 'pages'}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => openDocument(item._id).catch((err: Error) => setProblem(err.message))}
        >
          Open {label}
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={review.isPending}
          onClick={() => decide({ decision: 'approve' })}
        >
          Approve
        </button>
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={rejecting}
          onClick={() => setRejecting((r) => !r)}
        >
          Reject…
        </button>
      </div>
      {rejecting && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide({ decision: 'reject', reason });
          }}
        >
          <FormField label="Reason (sent to the student by e-mail and text)">
            {(a11y) => (
              <textarea
                {...a11y}
                className="input"
                rows={3}
                maxLength={500}
                required
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <button type="submit" className="btn-primary self-start" disabled={review.isPending}>
            Reject and tell {item.student.first_name}
          </button>
        </form>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </article>
  );
}
