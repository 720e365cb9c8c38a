import { type Agreement, agreementKeyTermRows } from '@studynest/contracts/agreements';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format.ts';
import { useAcceptAgreement, useAgreementDownload } from '../api/agreement-queries.ts';

const roomName = (n: string) => n.charAt(0).toUpperCase() + n.slice(1);

/** The key terms, as the PDF's first table says them. */
function KeyTerms({ agreement }: { agreement: Agreement }) {
  const t = agreement.terms;
  const term =
    t.term_kind === 'renewal'
      ? `${formatLagosDate(t.start_date)} to ${formatLagosDate(t.end_date)} (${t.term_months} months, renewal)`
      : `${t.term_months} months from the day you pay the rent (paid today: to ${formatLagosDate(t.end_date)})`;
  const rows = agreementKeyTermRows(t, term);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="mb-2 font-semibold sm:mb-1">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The tenancy agreement for her rent (docs/domain.md, "Tenancy agreement"): the PDF to read, its
 * key terms, and the acceptance — her full name typed and the box ticked — or, once accepted, the
 * signed copy.
 */
export function AgreementView({
  agreement,
  roomId,
  userId,
}: {
  agreement: Agreement;
  roomId: string;
  userId: string;
}) {
  const accept = useAcceptAgreement(agreement, roomId);
  const readPdf = useAgreementDownload(agreement, 'document');
  const signedPdf = useAgreementDownload(agreement, 'signed');
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [tickError, setTickError] = useState<string | null>(null);
  const accepted = agreement.status === 'accepted';
  const fields = accept.error instanceof ApiError ? accept.error.fields : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!agree) {
      setTickError('Tick the box to say you agree to the tenancy agreement');
      return;
    }
    setTickError(null);
    accept.mutate({ full_name: name, agree: true });
  };

  return (
    <>
      <CardSection title={`Agreement ${agreement.agreement_number}`}>
        <p className="text-sm">
          Read the whole agreement before you accept it. It is made for you, for this rent, from our terms
          (version {agreement.template_version}).
        </p>
        <button
          type="button"
          className="btn-secondary self-start"
          disabled={readPdf.isPending}
          onClick={() => readPdf.mutate()}
        >
          {readPdf.isPending ? 'Downloading…' : 'Read the agreement (PDF)'}
        </button>
        {readPdf.error && <Alert tone="error">{readPdf.error.message}</Alert>}
        <h3 className="font-semibold">Key terms</h3>
        <KeyTerms agreement={agreement} />
        <p className="break-all text-xs text-muted">SHA-256 of the PDF: {agreement.document_sha256}</p>
      </CardSection>

      {accepted ? (
        <CardSection title="Accepted">
          <Alert tone="success">
            You accepted this agreement on {formatLagosDateTime(agreement.accepted_at ?? '')} as “
            {agreement.accepted_name}”.
          </Alert>
          <button
            type="button"
            className="btn-primary self-start"
            disabled={signedPdf.isPending}
            onClick={() => signedPdf.mutate()}
          >
            {signedPdf.isPending ? 'Downloading…' : 'Download the signed copy'}
          </button>
          {signedPdf.error && <Alert tone="error">{signedPdf.error.message}</Alert>}
          <Link to={paths.profile.getHref(userId)} className="font-semibold text-brand-800 underline">
            Back to my profile to pay the rent
          </Link>
        </CardSection>
      ) : (
        <CardSection title="Accept the agreement">
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <TextField
              label="Your full name"
              hint={`As on your account: ${agreement.terms.tenant_name}`}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={fields.full_name}
              required
            />
            <div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 size-5"
                  checked={agree}
                  onChange={(e) => setAgree(e.target.checked)}
                  aria-invalid={Boolean(tickError)}
                />
                <span>I have read and agree to this tenancy agreement</span>
              </label>
              {tickError && <p className="field-error">{tickError}</p>}
            </div>
            {accept.error && !fields.full_name && <Alert tone="error">{accept.error.message}</Alert>}
            <button type="submit" className="btn-primary self-start" disabled={accept.isPending}>
              {accept.isPending ? 'Accepting…' : 'Accept the agreement'}
            </button>
            <p className="text-xs text-muted">
              We record the time, your IP address, your browser and the fingerprint of the PDF you read, and
              keep a signed copy for you and for us.
            </p>
          </form>
        </CardSection>
      )}
    </>
  );
}

/** Her accepted agreements, each with its signed copy: kept after the rent is paid. */
export function SignedAgreements({ agreements }: { agreements: Agreement[] }) {
  const signed = agreements.filter((a) => a.status === 'accepted');
  if (!signed.length) return null;
  return (
    <CardSection title="Your signed agreements">
      <ul className="flex flex-col gap-3">
        {signed.map((a) => (
          <SignedRow key={a._id} agreement={a} />
        ))}
      </ul>
    </CardSection>
  );
}

function SignedRow({ agreement }: { agreement: Agreement }) {
  const download = useAgreementDownload(agreement, 'signed');
  const t = agreement.terms;
  return (
    <li className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center sm:justify-between">
      <span>
        {agreement.agreement_number}: {t.hostel_name}, {roomName(t.room_number)} ·{' '}
        {t.term_kind === 'renewal' ? 'renewal' : 'first year'} · accepted{' '}
        {formatLagosDate(agreement.accepted_at ?? '')}
      </span>
      <button
        type="button"
        className="btn-secondary self-start"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        Signed copy (PDF)
      </button>
    </li>
  );
}
