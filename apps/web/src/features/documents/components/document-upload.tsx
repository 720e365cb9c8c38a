import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_LIMITS,
  KINDS_OF_SLOT,
  SLOT_LABELS,
} from '@studynest/contracts/document-kinds';
import type {
  DocumentKind,
  DocumentSlot,
  MyDocuments,
  StudentDocument,
} from '@studynest/contracts/documents';
import { formatLagosDateTime } from '@studynest/contracts/format';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { useUploadDocument } from '../api/document-queries.ts';

const STATUS_WORDS: Record<StudentDocument['status'], string> = {
  uploaded: 'Waiting for an admin to check it',
  approved: 'Approved',
  rejected: 'Rejected',
};

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/heic,image/heif,.pdf,.jpg,.jpeg,.png,.heic,.heif';

/** Her two documents, each with what was decided and, unless approved, a form to send (another) one. */
export function DocumentUpload({ mine }: { mine: MyDocuments }) {
  return (
    <div className="flex flex-col gap-6">
      {mine.next_step ? (
        <Alert tone={mine.documents.some((d) => d.document?.status === 'rejected') ? 'error' : 'info'}>
          <p>
            <strong>Next step:</strong> {mine.next_step}
          </p>
          {mine.required_for_rent && <p className="mt-1">Rent can be paid once both are approved.</p>}
        </Alert>
      ) : (
        <Alert tone="success">Both documents are approved. Nothing more to send.</Alert>
      )}
      {mine.documents.map(({ slot, document }) => (
        <SlotCard key={slot} slot={slot} document={document} />
      ))}
    </div>
  );
}

function SlotCard({ slot, document }: { slot: DocumentSlot; document: StudentDocument | null }) {
  const headingId = `slot-${slot}`;
  return (
    <section className="card flex flex-col gap-4 p-5" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold">
        {SLOT_LABELS[slot]}
      </h2>
      {document && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">Sent</dt>
          <dd>
            {DOCUMENT_KIND_LABELS[document.kind]} ({document.file_name}),{' '}
            {formatLagosDateTime(document.uploaded_at)}
          </dd>
          <dt className="text-muted">Status</dt>
          <dd className={document.status === 'rejected' ? 'font-semibold text-danger-700' : 'font-semibold'}>
            {STATUS_WORDS[document.status]}
          </dd>
          {document.rejection_reason && (
            <>
              <dt className="text-muted">Reason</dt>
              <dd>{document.rejection_reason}</dd>
            </>
          )}
        </dl>
      )}
      {document?.status !== 'approved' && <UploadForm slot={slot} again={Boolean(document)} />}
    </section>
  );
}

function UploadForm({ slot, again }: { slot: DocumentSlot; again: boolean }) {
  const kinds = KINDS_OF_SLOT[slot];
  const [kind, setKind] = useState<DocumentKind>(kinds[0] as DocumentKind);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadDocument(setProgress);
  const maxMb = DOCUMENT_LIMITS.maxBytes / (1024 * 1024);

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setProblem(null);
    if (!file) return setProblem('Choose the file to send.');
    // The server checks again; this spares a long upload on a slow connection.
    if (file.size > DOCUMENT_LIMITS.maxBytes) return setProblem(`${file.name} is larger than ${maxMb} MB.`);
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => setFile(null),
        onError: (err) => setProblem(err.message),
      },
    );
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} aria-label={`Upload ${SLOT_LABELS[slot]}`}>
      <SelectField
        label="Which document"
        name={`kind-${slot}`}
        value={kind}
        onChange={(e) => setKind(e.target.value as DocumentKind)}
        options={choices(kinds, (k) => DOCUMENT_KIND_LABELS[k])}
      />
      <FormField
        label={again ? 'New file' : 'File'}
        hint={`A PDF (up to ${DOCUMENT_LIMITS.maxPdfPages} pages) or a photo (JPEG, PNG or HEIC), up to ${maxMb} MB. Photos are stored without their location or camera details.`}
        error={problem ?? undefined}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="file"
            name={`file-${slot}`}
            accept={ACCEPT}
            className="input"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </FormField>
      {upload.isPending && (
        <p role="status" className="text-sm text-muted">
          Sending… {Math.round(progress * 100)}%
        </p>
      )}
      {upload.isSuccess && !file && (
        <p role="status" className="text-sm font-semibold text-brand-800">
          Sent. An admin will check it; you will be told by e-mail if it cannot be accepted.
        </p>
      )}
      <button type="submit" className="btn-primary self-start" disabled={upload.isPending}>
        {again ? 'Upload again' : 'Upload'}
      </button>
    </form>
  );
}
