import type { DataExport, DataExportRequested } from '@studynest/contracts';
import { formatLagosDateTime } from '@studynest/contracts/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';

const EXPORTS_KEY = ['data-exports'] as const;

/** What the person reads about one request: being prepared, ready until when, or failed. */
function describe(e: DataExport): string {
  if (e.status === 'pending') {
    return `Being prepared (asked ${formatLagosDateTime(e.requested_at)}). We'll e-mail you a link within a few minutes.`;
  }
  if (e.status === 'ready' && e.expires_at) {
    return `Ready: we e-mailed you a link. It works until ${formatLagosDateTime(e.expires_at)}.`;
  }
  return `Could not be prepared (asked ${formatLagosDateTime(e.requested_at)}). Please ask again.`;
}

/**
 * "Download my data" (docs/domain.md, "Access"): asks for an export; a job prepares the ZIP and
 * e-mails a link that works for a day. The page shows the requests still pending or open, and
 * looks again every few seconds while one is being prepared.
 */
export function DownloadMyData() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: EXPORTS_KEY,
    queryFn: ({ signal }) => api<DataExport[]>('/user/data-exports', { signal }),
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? 5000 : false),
  });
  const ask = useMutation({
    mutationFn: () => api<DataExportRequested>('/user/data-exports', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
  const pending = exports.data?.some((e) => e.status === 'pending') ?? false;
  const shown = (exports.data ?? []).filter((e) => e.status !== 'failed' || e === exports.data?.[0]);
  return (
    <CardSection
      title="Download my data"
      intro="A ZIP file with everything we hold about you (account, sign-ins, bookings, payments, refunds, tenancy, maintenance, reviews, saved hostels and searches, messages, consents), the photos you sent, your documents, your signed tenancy agreements and your room's condition reports with their photos. We prepare it and e-mail you a link that works for 24 hours."
      roomy
    >
      {ask.isSuccess && <Alert tone="success">{ask.data.message}</Alert>}
      {ask.isError && (
        <Alert tone="error">
          {ask.error instanceof ApiError
            ? ask.error.message
            : 'Your request could not be sent. Please try again.'}
        </Alert>
      )}
      {shown.length > 0 && (
        <ul className="flex flex-col gap-2 text-sm" aria-label="Your data exports">
          {shown.map((e) => (
            <li key={e._id} className="rounded-lg bg-subtle px-3 py-2">
              {describe(e)}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="btn-secondary w-full sm:w-auto"
          onClick={() => ask.mutate()}
          disabled={ask.isPending || pending}
        >
          {ask.isPending ? 'Asking…' : 'Download my data'}
        </button>
      </div>
    </CardSection>
  );
}
