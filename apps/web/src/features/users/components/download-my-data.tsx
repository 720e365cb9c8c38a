import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { ApiError, apiDownload } from '../../../lib/api-client.ts';

/** "Download my data": a ZIP of everything held about the signed-in person (GET /user/profile/export). */
export function DownloadMyData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiDownload('/user/profile/export', 'studynest-my-data.zip');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your data could not be prepared. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <CardSection
      title="Download my data"
      intro="A ZIP file with everything we hold about you (account, bookings, payments, refunds, tenancy, maintenance, reviews, messages, consents) and the photos you sent."
      roomy
    >
      {error && <Alert tone="error">{error}</Alert>}
      <div>
        <button type="button" className="btn-secondary w-full sm:w-auto" onClick={download} disabled={busy}>
          {busy ? 'Preparing…' : 'Download my data'}
        </button>
      </div>
    </CardSection>
  );
}
