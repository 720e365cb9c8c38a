import type { ReportPeriod, ReportPeriodInput } from '@studynest/contracts';
import { REPORT_FIRST_DATE, reportLastDate } from '@studynest/contracts/report-dates';
import { useEffect, useState } from 'react';
import { TextField } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver, useForm } from '../../../lib/form.ts';
import { PERIOD_PRESETS, type PeriodPreset } from './period.ts';

const PRESET_LABELS: Record<PeriodPreset, string> = {
  'this-month': 'This month',
  'last-12-months': 'Last 12 months',
  custom: 'Custom',
};

// The API's own period rules (dates in range, in order, at most 731 days), loaded after the page shows.
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/report-period').then((m) => m.ReportPeriodSchema),
);

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
  useEffect(() => {
    if (chosen === 'custom') resolver.preload();
  }, [chosen]);
  const { register, handleSubmit, reset, errors } = useForm<ReportPeriodInput, unknown, ReportPeriod>({
    resolver,
    defaultValues: { from, to },
  });
  const submit = handleSubmit((period) => onCustom(period.from, period.to));
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
                reset({ from, to });
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
            error={errors.from?.message}
            {...register('from')}
          />
          <TextField label="To" type="date" {...bounds} error={errors.to?.message} {...register('to')} />
          <button type="submit" className="btn-primary mt-6">
            Show
          </button>
        </form>
      )}
    </div>
  );
}
