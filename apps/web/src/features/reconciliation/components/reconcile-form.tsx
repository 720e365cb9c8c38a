import type { ReconcileDay, ReconciliationRun } from '@studynest/contracts';
import { addDays } from '@studynest/contracts/calendar';
import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors, hasFieldErrors, lazyZodResolver, useForm, withRules } from '../../../lib/form.ts';
import { todayInLagos } from '../../../lib/format.ts';
import { useReconcileDay } from '../api/reconciliation-queries.ts';

type Values = { date: string };

// The contract's checks load after the form shows (see lazyZodResolver).
const schemaResolver = lazyZodResolver(() =>
  import('@studynest/contracts/reconciliation').then((m) => m.ReconcileDaySchema),
);

/** The contract's checks, then a day that has begun in Lagos: the provider lists nothing later. */
const resolver = withRules<Values, ReconcileDay>(schemaResolver, (values) => {
  if (!values.date) return { date: { message: 'Choose the day to compare' } };
  if (values.date > todayInLagos())
    return { date: { message: 'Choose today or an earlier day: nothing has been paid on a later one' } };
  return {};
});

/**
 * Compare one Lagos day with the provider now: yesterday to start with (the day the 01:00 run
 * compares), any earlier day, or today so far. The answer is the finished run, shown at once.
 */
export function ReconcileForm({ onDone }: { onDone: (run: ReconciliationRun) => void }) {
  useEffect(() => schemaResolver.preload(), []);
  const reconcile = useReconcileDay();
  const today = todayInLagos();
  const { register, handleSubmit, setError, errors } = useForm<Values, unknown, ReconcileDay>({
    resolver,
    defaultValues: { date: addDays(today, -1) },
  });
  const submit = handleSubmit((body) =>
    reconcile.mutateAsync(body).then(onDone, (err: unknown) => {
      applyServerErrors(err, setError);
    }),
  );

  return (
    <form
      className="card flex flex-col gap-3"
      noValidate
      onSubmit={submit}
      aria-busy={reconcile.isPending}
      aria-labelledby="reconcile-title"
    >
      <h2 id="reconcile-title" className="text-lg">
        Run a reconciliation
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-[12rem] flex-1 sm:flex-none">
          <TextField
            label="Day (Lagos)"
            type="date"
            max={today}
            error={errors.date?.message}
            {...register('date')}
          />
        </div>
        <button type="submit" className="btn-primary" disabled={reconcile.isPending}>
          {reconcile.isPending ? 'Running…' : 'Run reconciliation'}
        </button>
      </div>
      <p className="text-sm text-muted">
        Compares the provider's payments and refunds of that day with StudyNest's. Safe to run again: each run
        is kept, and one that finds a lost payment applies it once.
      </p>
      {reconcile.error && !hasFieldErrors(reconcile.error) && (
        <Alert tone="error">{reconcile.error.message}</Alert>
      )}
    </form>
  );
}
