import type { AdminSettings, AdminSettingsInput } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import {
  type FieldError,
  lazyZodResolver,
  type Resolver,
  serverErrorLine,
  useForm,
} from '../../../lib/form.ts';
import { Controller } from '../../../lib/form-controller.tsx';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useSaveSettings } from '../api/settings-queries.ts';

/** What the inputs hold: each list of days as typed ("30, 7, 1, 0"). */
type SettingsText = {
  reminder_days_before: string;
  overdue_days_after: string;
  reminder_sms: boolean;
  inspection_cancel_hours: string;
  paperwork_required_for_rent: boolean;
  document_retention_days: string;
};

/** The two lists of days, each typed into one input. */
const DAY_LISTS = [
  {
    name: 'reminder_days_before',
    label: 'Reminder days before the due date',
    hint: 'Whole days, separated by commas; 0 is the due date itself. Up to 8 days, each from 0 to 365.',
    placeholder: '30, 7, 1, 0',
  },
  {
    name: 'overdue_days_after',
    label: 'Overdue notice days after the due date',
    hint: 'Whole days after an unpaid due date, separated by commas. Up to 8 days, each from 1 to 365.',
    placeholder: '1, 7, 14',
  },
] as const;

const contract = lazyZodResolver(() =>
  import('@studynest/contracts/settings').then((m) => m.AdminSettingsSchema),
);

/**
 * "30, 7 1" → [30, 7, 1]. Anything that is not a number is passed on as typed, so the contract
 * says what is wrong with it ("'soon' is not a number of days; use 0–365") rather than the form
 * guessing.
 */
function toDays(text: string): unknown[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : part));
}

/** A whole number as typed becomes a number; anything else goes as typed, for the contract to name. */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

const toBody = (values: SettingsText) => ({
  reminder_days_before: toDays(values.reminder_days_before),
  overdue_days_after: toDays(values.overdue_days_after),
  reminder_sms: values.reminder_sms,
  inspection_cancel_hours: whole(values.inspection_cancel_hours),
  document_retention_days: whole(values.document_retention_days),
  paperwork_required_for_rent: values.paperwork_required_for_rent,
});

const toText = (settings: AdminSettings): SettingsText => ({
  reminder_days_before: settings.reminder_days_before.join(', '),
  overdue_days_after: settings.overdue_days_after.join(', '),
  reminder_sms: settings.reminder_sms,
  inspection_cancel_hours: String(settings.inspection_cancel_hours),
  paperwork_required_for_rent: settings.paperwork_required_for_rent,
  document_retention_days: String(settings.document_retention_days),
});

/**
 * A list's problem may be about the whole list ("at most 8 entries") or about one day in it
 * (`reminder_days_before.2`); either way it belongs under the one input that holds the list.
 */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const item of Object.values(error)) {
    const message = listMessage(item);
    if (message) return message;
  }
  return undefined;
}

/** The contract's checks, run on the lists the text fields stand for. */
const resolver: Resolver<SettingsText, unknown, AdminSettings> & { preload: () => void } = Object.assign(
  async (values: SettingsText, context: unknown, options: Parameters<Resolver<SettingsText>>[2]) => {
    const result = await contract(toBody(values) as AdminSettingsInput, context, options as never);
    const errors: Record<string, FieldError> = {};
    for (const key of [
      ...DAY_LISTS.map((list) => list.name),
      'reminder_sms',
      'inspection_cancel_hours',
      'paperwork_required_for_rent',
      'document_retention_days',
    ] as const) {
      const message = listMessage(result.errors[key]);
      if (message) errors[key] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: result.values, errors: {} };
  },
  { preload: contract.preload },
) as never;

/** Rent reminders: the days before the due date, the overdue notice days, and whether texts go too. */
export function ReminderSettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveSettings();
  const { notice, show, clear } = useTimedNotice();
  const [error, setErrorMessage] = useState<string | null>(null);
  useEffect(() => resolver.preload(), []);
  const { register, control, handleSubmit, setError, reset, errors, isSubmitting } = useForm<
    SettingsText,
    unknown,
    AdminSettings
  >({ resolver, defaultValues: toText(settings) });

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    clear();
    try {
      const saved = await save.mutateAsync(values);
      reset(toText(saved));
      show({ tone: 'success', message: 'Settings saved.' }, NOTICE_MS.saved);
    } catch (err) {
      // The server names one day of a list (`reminder_days_before.2`): show its first word on a
      // list under that list's input.
      const shown = new Set<string>();
      setErrorMessage(
        serverErrorLine(err, (field, e) => {
          const top = String(field).split('.')[0] as keyof SettingsText;
          if (shown.has(top)) return;
          shown.add(top);
          setError(top, e);
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-6 p-5 sm:p-6">
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-lg font-bold">Rent reminders</legend>
        <p className="text-sm text-muted">
          Reminders and overdue notices go out at 9:00 in the morning, Lagos time, by e-mail.
        </p>
        {DAY_LISTS.map(({ name, label, hint, placeholder }) => (
          <TextField
            key={name}
            label={label}
            hint={hint}
            autoComplete="off"
            placeholder={placeholder}
            error={listMessage(errors[name])}
            {...register(name)}
          />
        ))}
        <Controller
          control={control}
          name="reminder_sms"
          render={({ field }) => (
            <Switch
              label="Also send texts"
              description="Reminders and overdue notices go by text message too, to tenants with a Nigerian mobile who have not turned texts off."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {errors.reminder_sms?.message && <p className="field-error">{errors.reminder_sms.message}</p>}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-lg font-bold">Inspection bookings</legend>
        <TextField
          label="Cancellation window (hours)"
          hint="Students may cancel an inspection until this many hours before its time; its agent fee then goes to Refunds. Shown on the terms page. 0 to 168."
          inputMode="numeric"
          autoComplete="off"
          error={errors.inspection_cancel_hours?.message}
          {...register('inspection_cancel_hours')}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-lg font-bold">Rent</legend>
        <Controller
          control={control}
          name="paperwork_required_for_rent"
          render={({ field }) => (
            <Switch
              label="Require approved documents and a signed tenancy agreement before rent can be paid"
              description="Off: students pay rent as soon as they have inspected. On: rent waits until an admin has approved their student ID or admission letter and their identity document, and they have signed the tenancy agreement."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-lg font-bold">Keeping people's files</legend>
        <TextField
          label="Days files are kept after a tenancy ends"
          hint="Then a nightly job deletes the photos a tenant sent with repair requests (the requests stay) and a student's documents (ID, admission letter), counted from her last tenancy's end or, if she never rented, her last upload, booking or payment. Each deletion is written to the activity log. Shown on the privacy page. 30 to 3650."
          inputMode="numeric"
          autoComplete="off"
          error={errors.document_retention_days?.message}
          {...register('document_retention_days')}
        />
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      {notice && <Alert tone="success">{notice.message}</Alert>}
      <div>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  );
}

/** The form's shape while the settings load, so the page does not jump when they arrive. */
export function ReminderSettingsSkeleton() {
  return (
    <div className="card flex flex-col gap-6 p-5 sm:p-6" role="status" aria-busy="true">
      <span className="sr-only">Loading settings…</span>
      <div aria-hidden="true" className="flex animate-pulse flex-col gap-6">
        <div className="h-6 w-40 rounded bg-line" />
        <div className="flex flex-col gap-2">
          <div className="h-4 w-56 rounded bg-line" />
          <div className="h-11 w-full rounded-lg bg-subtle" />
        </div>
        <div className="flex flex-col gap-2">
          <div className="h-4 w-64 rounded bg-line" />
          <div className="h-11 w-full rounded-lg bg-subtle" />
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="h-4 w-32 rounded bg-line" />
          <div className="h-7 w-12 rounded-full bg-line" />
        </div>
        <div className="h-11 w-32 rounded-lg bg-line" />
      </div>
    </div>
  );
}
