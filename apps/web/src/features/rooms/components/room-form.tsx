import type { RoomCreate } from '@studynest/contracts';
import { ROOM_NUMBERS, ROOM_STATUS_LABELS, ROOM_STATUSES, ROOM_UNITS } from '@studynest/contracts/constants';
import { RENT_PLAN_LABEL, RENT_PLANS, type RentPlanName } from '@studynest/contracts/rent-plan-terms';
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, FormField, SelectField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors, lazyZodResolver, useForm } from '../../../lib/form.ts';

/** What the inputs hold: selects and number inputs both give strings. */
export type RoomFormValues = {
  room_number: string;
  unit: string;
  status: string;
  price: string;
  agent_fee: string;
  caution_fee: string;
  commission_fee: string;
  hostel: string;
  /** '' follows the hostel's plan (sent as null); else the room's own. */
  rent_plan: string;
};

// The checks (zod/mini + the contract's room schema) load on demand: see lazyZodResolver in lib/form.ts.
const resolver = lazyZodResolver(
  () =>
    import('./room-form-schema.ts').then((m) => m.RoomFormSchema) as unknown as Promise<
      z.ZodMiniType<RoomCreate, RoomFormValues>
    >,
);

export const emptyRoomValues = (hostel: string): RoomFormValues => ({
  room_number: '',
  unit: '',
  status: '',
  price: '',
  agent_fee: '',
  caution_fee: '',
  commission_fee: '',
  hostel,
  rent_plan: '',
});

const MONEY_FIELDS = [
  { name: 'price', label: 'Price (rent per year, ₦)' },
  { name: 'agent_fee', label: 'Agent fee (₦)' },
  { name: 'caution_fee', label: 'Caution fee (₦)' },
  { name: 'commission_fee', label: 'Commission fee (₦)' },
] as const;

/**
 * Add Room and Update Room share this form. `save` throws the API error; its per-field messages
 * (e.g. a 409 duplicate room number) land on the fields, the full message above the button.
 * `onSaved` gets `reset` so Add Room can clear the form for the next room.
 */
export function RoomForm({
  defaultValues,
  hostelPlan,
  submitLabel,
  save,
  onSaved,
}: {
  defaultValues: RoomFormValues;
  /** The hostel's plan, named in the "same as the hostel" choice; undefined while it loads. */
  hostelPlan: RentPlanName | undefined;
  submitLabel: string;
  save: (payload: RoomCreate) => Promise<unknown>;
  onSaved: (reset: () => void) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useForm<
    RoomFormValues,
    unknown,
    RoomCreate
  >({ resolver, defaultValues });
  useEffect(() => resolver.preload(), []);

  const onSubmit = handleSubmit(async (payload) => {
    setServerError(null);
    try {
      await save(payload);
      onSaved(() => reset(emptyRoomValues(defaultValues.hostel)));
    } catch (err) {
      setServerError(applyServerErrors(err, setError));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-busy={isSubmitting}>
      <div className="sm:col-span-2">
        <FormField label="Hostel ID" hint="Set by the hostel you chose; it cannot be changed here.">
          {(a11y) => (
            <input {...a11y} className="input bg-subtle font-mono text-sm" readOnly {...register('hostel')} />
          )}
        </FormField>
        {errors.hostel?.message && <p className="field-error">{errors.hostel.message}</p>}
      </div>

      <SelectField
        label="Room number"
        error={errors.room_number?.message}
        none="--Select--"
        options={choices(ROOM_NUMBERS)}
        {...register('room_number')}
      />

      <SelectField
        label="Unit"
        error={errors.unit?.message}
        none="--Select--"
        options={choices(ROOM_UNITS)}
        {...register('unit')}
      />

      <SelectField
        label="Status"
        error={errors.status?.message}
        none="--Select--"
        options={choices(ROOM_STATUSES, (s) => ROOM_STATUS_LABELS[s])}
        {...register('status')}
      />

      <SelectField
        label="Rent plan"
        error={errors.rent_plan?.message}
        none={hostelPlan ? `Same as the hostel (${RENT_PLAN_LABEL[hostelPlan]})` : 'Same as the hostel'}
        options={choices(RENT_PLANS, (p) => RENT_PLAN_LABEL[p])}
        {...register('rent_plan')}
      />

      {MONEY_FIELDS.map(({ name, label }) => (
        <FormField key={name} label={label} error={errors[name]?.message}>
          {(a11y) => (
            // Text, not type="number": amounts are typed as people write them ("100,000"), which
            // a number input refuses; the contract's parser reads them (parseNaira).
            <input {...a11y} className="input" inputMode="numeric" autoComplete="off" {...register(name)} />
          )}
        </FormField>
      ))}

      {serverError && (
        <div className="sm:col-span-2">
          <Alert tone="error">{serverError}</Alert>
        </div>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
