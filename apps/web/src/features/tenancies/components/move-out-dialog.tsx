import type { ConditionItem, MoveOut, MoveOutStatement, Tenant } from '@studynest/contracts';
import { addDays } from '@studynest/contracts/calendar';
import { CONDITION_STATE_LABELS } from '@studynest/contracts/condition-constants';
import {
  MAX_DEDUCTIONS,
  MOVE_OUT_REASON_LABELS,
  MOVE_OUT_REASONS,
  type MoveOutReason,
} from '@studynest/contracts/constants';
import { typedNaira } from '@studynest/contracts/money';
import { partsInWords } from '@studynest/contracts/rent-plan-terms';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { choices, SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import {
  applyServerErrors,
  type FieldErrors,
  lazyZodResolver,
  useForm,
  withRules,
} from '../../../lib/form.ts';
import { Controller } from '../../../lib/form-controller.tsx';
import { formatLagosDate, formatNaira, todayInLagos } from '../../../lib/format.ts';
import { conditionQuery } from '../api/condition-queries.ts';
import { useMoveOut } from '../api/tenancy-queries.ts';
import { ConditionSummary } from './condition-report.tsx';

/**
 * A deduction as typed: the amount stays text until the contract's schema reads it; the condition
 * item it is for, when one is chosen; `forRent` when it was added for the unpaid rent (offered once).
 */
type Row = { key: number; description: string; amount: string; condition_item_id?: string; forRent?: true };
type Values = { date: string; reason: MoveOutReason; note: string; deductions: Row[] };

// The contract's checks (and its date rules) load after the dialog opens (see lazyZodResolver).
const loadRules = () => import('@studynest/contracts/move-out-requests');
const schemaResolver = lazyZodResolver(() => loadRules().then((m) => m.MoveOutSchema));

const lagosDayOf = (instant: string) => todayInLagos(new Date(instant));

/** The reason that fits the tenancy as it stands: their notice (run out or not), an unpaid new year, or neither. */
function likelyReason(t: Tenant, noticeDays: number | undefined, today: string): MoveOutReason {
  if (t.notice) {
    const runsOut = noticeDays === undefined ? null : addDays(lagosDayOf(t.notice.given_at), noticeDays);
    return runsOut !== null && today < runsOut ? 'left_early' : 'tenant_notice';
  }
  return t.daysLeft <= 0 ? 'lease_ended' : 'breach';
}

/** Which days each reason allows for this tenancy, in words beside the reason. */
function reasonHint(reason: MoveOutReason, t: Tenant, noticeDays: number | undefined): string {
  const given = t.notice ? lagosDayOf(t.notice.given_at) : null;
  const runsOut = given && noticeDays !== undefined ? addDays(given, noticeDays) : null;
  if (reason === 'breach') return 'Any day of the tenancy: the company ends it for a breach of the terms.';
  if (reason === 'lease_ended')
    return `From ${formatLagosDate(t.rentDueDate)}, the day the paid year ran out.`;
  if (!given) return 'The tenant has not given notice from their profile.';
  if (reason === 'left_early') {
    return runsOut
      ? `They gave notice on ${formatLagosDate(given)} and left before it ran out: from that day to ${formatLagosDate(addDays(runsOut, -1))}.`
      : `They gave notice on ${formatLagosDate(given)} and left before it ran out.`;
  }
  return runsOut
    ? `From ${formatLagosDate(runsOut)}, when their notice runs out.`
    : `From the end of their notice, given on ${formatLagosDate(given)}.`;
}

/** What the deductions typed so far add up to, read as the server reads them ("12,500" is ₦12,500). */
const deductionsTotal = (rows: { amount: string }[]) =>
  rows.reduce((sum, r) => sum + (typedNaira(r.amount) ?? 0), 0);

/**
 * The contract's checks, then what the server also refuses for this tenancy: a day its reason does
 * not allow (moveOutDateProblem, the API's own rule) and deductions beyond the deposit held. Its
 * messages are the server's, so the form says first what the server would.
 */
function moveOutResolver(tenant: Tenant, noticeDays: number | undefined) {
  return withRules<Values, MoveOut>(schemaResolver, async (values, schemaErrors) => {
    const errors: FieldErrors<Values> = {};
    const held = tenant.deposit_held;
    const total = deductionsTotal(values.deductions);
    if (!schemaErrors.deductions && total > held) {
      errors.deductions = {
        message: held
          ? `The deductions add up to ${formatNaira(total)}, more than the ${formatNaira(held)} deposit held`
          : 'No caution deposit is held for this tenant: remove the deductions',
      };
    }
    // Until the notice period is known, the notice reasons' days are left to the server.
    const needsNotice = values.reason === 'tenant_notice' || values.reason === 'left_early';
    if (!schemaErrors.date && !schemaErrors.reason && !(needsNotice && noticeDays === undefined)) {
      const rules = await loadRules().catch(() => null);
      const problem = rules?.moveOutDateProblem(
        {
          startDate: tenant.rentStartDate,
          dueDate: tenant.rentDueDate,
          noticeGivenOn: tenant.notice ? lagosDayOf(tenant.notice.given_at) : null,
          noticeDays: noticeDays ?? 0,
          today: todayInLagos(),
        },
        { date: values.date, reason: values.reason },
      );
      if (problem?.fields.date) errors.date = { message: problem.message };
      else if (problem) errors.reason = { message: problem.message };
    }
    return errors;
  });
}

/**
 * Admin → Tenants → Move out: the day the tenant left, why, and itemised deductions from the
 * caution deposit; the rest goes back to the tenant as a refund, and the room can be booked again.
 * `noticeDays` is the notice period in the terms (GET /site); until it is known the form leaves the
 * notice rules to the server.
 */
export function MoveOutDialog({
  tenant,
  noticeDays,
  onClose,
}: {
  tenant: Tenant | null;
  noticeDays?: number;
  onClose: () => void;
}) {
  const [done, setDone] = useState<MoveOutStatement | null>(null);
  const close = () => {
    setDone(null);
    onClose();
  };
  return (
    <Modal
      open={tenant !== null}
      title={done ? 'Tenant moved out' : 'Move tenant out'}
      tone={done ? 'success' : 'neutral'}
      onClose={close}
    >
      {done ? (
        <p role="status">
          {done.user.first_name} {done.user.last_name} moved out of {done.room.room_number},{' '}
          {done.hostel.hostel_name} on {formatLagosDate(done.moved_out_on)}. The room can be booked again.{' '}
          {done.deposit_returned > 0
            ? `${formatNaira(done.deposit_returned)} of the deposit is being refunded.`
            : 'No deposit goes back.'}
          {done.rent_unpaid ? ` Rent left unpaid: ${formatNaira(done.rent_unpaid)}.` : ''}
        </p>
      ) : (
        tenant && (
          <MoveOutForm key={tenant.tenancy_id} tenant={tenant} noticeDays={noticeDays} onDone={setDone} />
        )
      )}
    </Modal>
  );
}

function MoveOutForm({
  tenant,
  noticeDays,
  onDone,
}: {
  tenant: Tenant;
  noticeDays: number | undefined;
  onDone: (s: MoveOutStatement) => void;
}) {
  useEffect(() => schemaResolver.preload(), []);
  const moveOut = useMoveOut();
  const today = todayInLagos();
  const { register, handleSubmit, control, setError, watch, errors } = useForm<Values, unknown, MoveOut>({
    resolver: moveOutResolver(tenant, noticeDays),
    defaultValues: {
      date: today,
      reason: likelyReason(tenant, noticeDays, today),
      note: '',
      deductions: [],
    },
  });
  const who = `${tenant.user.first_name} ${tenant.user.last_name}`;
  // On a plan, rent is paid up to the first part not fully paid (docs/domain.md, "Rent plans").
  const unpaidPart = tenant.rent_parts_unpaid[0];
  const paidUntil = unpaidPart?.due_on ?? tenant.rentDueDate;
  // The room's condition at move-in, beside the deductions: each may name the item it is for.
  const condition = useQuery(conditionQuery(tenant.tenancy_id));
  const report = condition.data?.[0];

  const submit = handleSubmit((body) =>
    moveOut.mutateAsync({ tenancyId: tenant.tenancy_id, body }).then(onDone, (err: unknown) => {
      applyServerErrors(err, setError);
    }),
  );

  return (
    // Any edit makes the server's last answer stale: its message goes until the next Move out.
    <form className="flex flex-col gap-3" noValidate onSubmit={submit} onChange={() => moveOut.reset()}>
      <p className="text-sm text-muted">
        <span className="capitalize">{who}</span>, {tenant.room.room_number}, {tenant.hostel.hostel_name}.{' '}
        {tenant.notice
          ? `Gave notice to leave on ${formatLagosDate(tenant.notice.move_out_on)}.`
          : `Rent paid until ${formatLagosDate(paidUntil)}${unpaidPart ? ` (part ${unpaidPart.number} of ${unpaidPart.of} unpaid)` : ''}.`}
      </p>
      <TextField
        label="Day the tenant left"
        type="date"
        max={today}
        error={errors.date?.message}
        {...register('date', { deps: ['reason'] })}
      />
      <SelectField
        label="Reason"
        error={errors.reason?.message}
        hint={reasonHint(watch('reason'), tenant, noticeDays)}
        options={choices(MOVE_OUT_REASONS, (r) => MOVE_OUT_REASON_LABELS[r])}
        {...register('reason', { deps: ['date'] })}
      />
      <TextField
        label="Note for the tenant (optional)"
        maxLength={500}
        error={errors.note?.message}
        {...register('note', { setValueAs: (v) => v.trim() || undefined })}
      />
      {report ? (
        <ConditionSummary report={report} />
      ) : (
        condition.data && <p className="text-sm text-muted">No condition report was recorded at move-in.</p>
      )}
      <Controller
        control={control}
        name="deductions"
        render={({ field }) => (
          <Deductions
            rows={field.value}
            items={report?.items ?? []}
            held={tenant.deposit_held}
            rentUnpaid={rentUnpaidBy(tenant, watch('date'))}
            errors={errors.deductions}
            onChange={(rows) => {
              moveOut.reset();
              field.onChange(rows);
            }}
          />
        )}
      />
      {moveOut.error && <Alert tone="error">{moveOut.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={moveOut.isPending}>
        {moveOut.isPending ? 'Moving out…' : 'Move out'}
      </button>
    </form>
  );
}

/**
 * The rent of the tenant's plan left unpaid if they left on `date`: the parts due on or before it
 * (a part due after they left is not owed; docs/domain.md, "Rent plans"), and those not due yet.
 */
type RentUnpaid = {
  owed: number;
  words: string;
  due: Tenant['rent_parts_unpaid'];
  notDue: Tenant['rent_parts_unpaid'];
};

function rentUnpaidBy(tenant: Tenant, date: string): RentUnpaid | null {
  const parts = tenant.rent_parts_unpaid;
  if (!parts.length) return null;
  const due = parts.filter((p) => p.due_on <= date);
  return {
    owed: due.reduce((sum, p) => sum + p.balance, 0),
    words: partsInWords(
      due.map((p) => p.number),
      parts[0]?.of ?? 0,
    ),
    due,
    notDue: parts.filter((p) => p.due_on > date),
  };
}

/**
 * The unpaid rent beside the deductions: what was due by the day they left, with a button that
 * deducts it (as much of it as the deposit still covers), and the parts not due by then.
 */
function UnpaidRent({
  rent,
  room,
  onDeduct,
}: {
  rent: RentUnpaid;
  /** What the deposit still covers after the deductions typed so far. */
  room: number;
  onDeduct: (description: string, amount: number) => void;
}) {
  const description = `Rent left unpaid, ${rent.words}`;
  return (
    <div className="flex flex-col gap-1 rounded border border-line bg-warn-50 p-2 text-sm">
      {rent.owed > 0 && (
        <p>
          Rent left unpaid by this day: <strong>{formatNaira(rent.owed)}</strong> ({rent.words}
          {rent.due.length === 1 ? `, due ${formatLagosDate(rent.due[0]!.due_on)}` : ''}).
        </p>
      )}
      {rent.notDue.map((p) => (
        <p key={p.number} className="text-muted">
          Part {p.number} of {p.of} ({formatNaira(p.balance)}) falls due on {formatLagosDate(p.due_on)}, after
          this day: it is not owed.
        </p>
      ))}
      {rent.owed > 0 && room > 0 && (
        <button
          type="button"
          className="btn-secondary self-start"
          onClick={() => onDeduct(description, Math.min(rent.owed, room))}
        >
          Deduct {formatNaira(Math.min(rent.owed, room))} of it from the deposit
        </button>
      )}
    </div>
  );
}

/** The itemised deductions from the deposit, and what that leaves for the tenant. */
function Deductions({
  rows,
  items,
  held,
  rentUnpaid,
  errors,
  onChange,
}: {
  rows: Row[];
  items: ConditionItem[];
  held: number;
  rentUnpaid: RentUnpaid | null;
  errors: FieldErrors<Values>['deductions'];
  onChange: (rows: Row[]) => void;
}) {
  const errorId = useId();
  const total = deductionsTotal(rows);
  const update = (key: number, change: Partial<Row>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const nextKey = rows.reduce((max, r) => Math.max(max, r.key + 1), 0);
  const canAdd = rows.length < MAX_DEDUCTIONS && held > 0;

  return (
    <>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors?.message ? errorId : undefined}>
        <legend className="label">Deductions from the {formatNaira(held)} deposit</legend>
        {rentUnpaid && (
          <UnpaidRent
            rent={rentUnpaid}
            room={canAdd && !rows.some((r) => r.forRent) ? held - total : 0}
            onDeduct={(description, amount) =>
              onChange([...rows, { key: nextKey, description, amount: String(amount), forRent: true }])
            }
          />
        )}
        {rows.length === 0 && <p className="text-sm text-muted">None: the whole deposit goes back.</p>}
        {rows.map((row, i) => (
          <div key={row.key} className="flex flex-col gap-1 rounded border border-line p-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <div className="flex-1">
                <TextField
                  label={`Deduction ${i + 1}: what for`}
                  maxLength={200}
                  value={row.description}
                  error={errors?.[i]?.description?.message}
                  onChange={(e) => update(row.key, { description: e.currentTarget.value })}
                />
              </div>
              <div className="sm:w-28">
                <TextField
                  label="Amount (₦)"
                  aria-label={`Deduction ${i + 1}: amount (₦)`}
                  error={errors?.[i]?.amount?.message}
                  inputMode="numeric"
                  autoComplete="off"
                  value={row.amount}
                  onChange={(e) => update(row.key, { amount: e.currentTarget.value })}
                />
              </div>
            </div>
            {items.length > 0 && (
              <SelectField
                label={`Deduction ${i + 1}: for item (optional)`}
                none="No particular item"
                value={row.condition_item_id ?? ''}
                error={errors?.[i]?.condition_item_id?.message}
                options={items.map((item) => [
                  item._id,
                  `${item.name} (${CONDITION_STATE_LABELS[item.state].toLowerCase()} at move-in)`,
                ])}
                onChange={(e) => update(row.key, { condition_item_id: e.currentTarget.value || undefined })}
              />
            )}
            <button
              type="button"
              className="self-start text-sm font-semibold text-danger-700 underline"
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              Remove deduction {i + 1}
            </button>
          </div>
        ))}
        {canAdd && (
          <button
            type="button"
            className="btn-secondary self-start"
            onClick={() => onChange([...rows, { key: nextKey, description: '', amount: '' }])}
          >
            Add deduction
          </button>
        )}
        {errors?.message && (
          <p id={errorId} className="field-error">
            {errors.message}
          </p>
        )}
      </fieldset>
      <p className="text-sm" aria-live="polite">
        Deducted {formatNaira(total)} · back to the tenant{' '}
        <strong>{formatNaira(Math.max(0, held - total))}</strong>
      </p>
    </>
  );
}
