import { type FormEvent, useId, useState } from 'react';
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
  const id = useId();
  const [custom, setCustom] = useState(preset === 'custom');
  const [draft, setDraft] = useState({ from, to });
  const [error, setError] = useState('');
  const chosen: PeriodPreset = custom ? 'custom' : preset;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.from || !draft.to) return setError('Choose both dates.');
    if (draft.from > draft.to) return setError('The end date must be on or after the start date.');
    setError('');
    onCustom(draft.from, draft.to);
  };

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
        <form className="flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
          <div>
            <label className="label" htmlFor={`${id}-from`}>
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={draft.from}
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </div>
          <div>
            <label className="label" htmlFor={`${id}-to`}>
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={draft.to}
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </div>
          <button type="submit" className="btn-primary">
            Show
          </button>
          {error && (
            <p role="alert" className="field-error w-full">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
