import type { ExportKind, ReportPeriod } from '@studynest/contracts';
import { useState } from 'react';
import { downloadExport } from '../api/reports-queries.ts';

const EXPORT_LABELS: Record<ExportKind, string> = {
  payments: 'Payments',
  tenants: 'Tenants',
  bookings: 'Bookings',
  arrears: 'Arrears',
  refunds: 'Refunds',
};
/** In the order the buttons show (a type-only import keeps the contracts' schemas out of this chunk). */
const EXPORTS = Object.keys(EXPORT_LABELS) as ExportKind[];

/** A button per CSV export of the period (it needs the admin's token, so it is fetched, then saved). */
export function CsvDownloads({ period }: { period: ReportPeriod }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState('');
  const download = async (kind: ExportKind) => {
    setBusy(kind);
    setError('');
    try {
      await downloadExport(kind, period);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The download failed. Try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {EXPORTS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="btn-secondary"
            disabled={busy !== null}
            aria-label={`Download ${EXPORT_LABELS[kind]} CSV`}
            onClick={() => download(kind)}
          >
            {busy === kind ? 'Preparing…' : `${EXPORT_LABELS[kind]} CSV`}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
