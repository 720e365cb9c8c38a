import { REPORT_FIRST_DATE, reportLastDate, reportPeriodProblems } from '@studynest/contracts/report-dates';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/ui/form-field.tsx';
import { PERIOD_PRESETS, type PeriodPreset } from './period.ts';

const PRESET_LABELS: Record<PeriodPreset, string> = {
  'this-month': 'This month',
  'last-12-months': 'Last 12 months',
  custom: 'Custom',
};

/**
 * This month, the last 12 months, or two Lagos dates. A custom period is applied when the admin
 * presses Show, so half-typed dates do not load reports.
 */
export function PeriodPicker({
  preset,
  from,
  to,
  onPreset,
  onCustom,
}: {
  preset: PeriodPreset;
  from: string;
  to: string;
  onPreset: (preset: Exclude<PeriodPreset, 'custom'>) => void;
  onCustom: (from: string, to: string) => void;
}) {
  const [custom, setCustom] = useState(preset === 'custom');
  const chosen: PeriodPreset = custom ? 'custom' : preset;
  const [draft, setDraft] = useState({ from, to });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [tried, setTried] = useState(false);
  // The API's own rules and messages (contracts, without zod: it would put this screen over its
  // download budget): checked on Show, then as the admin mends the dates.
  const change = (field: 'from' | 'to', value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (tried) setErrors(reportPeriodProblems(next.from, next.to));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems = reportPeriodProblems(draft.from, draft.to);
    setTried(true);
    setErrors(problems);
    if (!problems.from && !problems.to) onCustom(draft.from, draft.to);
  };
  // The same range the API accepts, so the date picker offers no day it would refuse.
  const bounds = { min: REPORT_FIRST_DATE, max: reportLastDate() };

  return (
    <div className="card flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="label">Period</legend>
        {PERIOD_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={chosen === p}
            className={chosen === p ? 'btn-primary' : 'btn-secondary'}
            onClick={() => {
              if (p === 'custom') {
                setDraft({ from, to });
                setErrors({});
                setTried(false);
                setCustom(true);
              } else {
                setCustom(false);
                onPreset(p);
              }
            }}
          >
            {PRESET_LABELS[p]}
          </button>
        ))}
      </fieldset>
      {chosen === 'custom' && (
        <form className="flex flex-wrap items-start gap-3" onSubmit={submit} noValidate>
          <TextField
            label="From"
            type="date"
            {...bounds}
            value={draft.from}
            error={errors.from}
            onChange={(e) => change('from', e.target.value)}
          />
          <TextField
            label="To"
            type="date"
            {...bounds}
            value={draft.to}
            error={errors.to}
            onChange={(e) => change('to', e.target.value)}
          />
          <button type="submit" className="btn-primary mt-6">
            Show
          </button>
        </form>
      )}
    </div>
  );
}
