import type { MoveOutStatement, Tenant } from '@studynest/contracts';
import {
  MAX_DEDUCTIONS,
  MOVE_OUT_REASON_LABELS,
  MOVE_OUT_REASONS,
  type MoveOutReason,
} from '@studynest/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField, TextField } from '../../../components/ui/form-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLagosDate, formatNaira, todayInLagos } from '../../../lib/format.ts';
import { useMoveOut } from '../api/tenancy-queries.ts';

type Row = { key: number; description: string; amount: string };
type Errors = { date?: string; reason?: string; deductions?: string; rows?: Record<number, string> };

const NOTE_MAX = 500;

/** The reason that fits the tenancy as it stands: their notice, an unpaid new year, or neither. */
const likelyReason = (t: Tenant): MoveOutReason =>
  t.notice ? 'tenant_notice' : t.daysLeft <= 0 ? 'lease_ended' : 'breach';

/** What the form says is wrong before anything is sent; the server checks the dates against the rules. */
function check(date: string, rows: Row[], held: number) {
  const errors: Errors = {};
  if (!date) errors.date = 'Choose the day the tenant left';
  else if (date > todayInLagos())
    errors.date = 'Record a move-out once the tenant has left: today or earlier';
  const rowErrors: Record<number, string> = {};
  let total = 0;
  for (const row of rows) {
    const amount = row.amount.trim();
    if (!row.description.trim()) rowErrors[row.key] = 'Describe the deduction';
    else if (!/^\d+$/.test(amount) || Number(amount) < 1)
      rowErrors[row.key] = 'Enter a whole number of naira';
    else total += Number(amount);
  }
  if (Object.keys(rowErrors).length) errors.rows = rowErrors;
  if (total > held) {
    errors.deductions = held
      ? `The deductions add up to ${formatNaira(total)}, more than the ${formatNaira(held)} deposit held`
      : 'No caution deposit is held for this tenant: remove the deductions';
  }
  return { errors, total };
}

/**
 * Admin → Tenants → Move out: the day the tenant left, why, and itemised deductions from the
 * caution deposit; the rest goes back to the tenant as a refund, and the room can be booked again.
 */
export function MoveOutDialog({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
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
        </p>
      ) : (
        tenant && <MoveOutForm key={tenant.tenancy_id} tenant={tenant} onDone={setDone} />
      )}
    </Modal>
  );
}

function MoveOutForm({ tenant, onDone }: { tenant: Tenant; onDone: (s: MoveOutStatement) => void }) {
  const moveOut = useMoveOut();
  const [date, setDate] = useState(todayInLagos());
  const [reason, setReason] = useState<MoveOutReason>(likelyReason(tenant));
  const [note, setNote] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [nextKey, setNextKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const held = tenant.deposit_held;
  const { total } = check(date, rows, held);
  const who = `${tenant.user.first_name} ${tenant.user.last_name}`;
  const deductionsErrorId = useId();

  /** Any edit makes the last check's messages stale: they go until the next press of Move out. */
  const edited = () => {
    setErrors({});
    moveOut.reset();
  };
  const update = (key: number, change: Partial<Row>) => {
    edited();
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(date, rows, held);
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length) return;
    moveOut.mutate(
      {
        tenancyId: tenant.tenancy_id,
        body: {
          date,
          reason,
          note: note.trim() || undefined,
          deductions: rows.map((r) => ({ description: r.description.trim(), amount: Number(r.amount) })),
        },
      },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError) {
            setErrors({
              date: err.fields.date,
              reason: err.fields.reason,
              deductions: err.fields.deductions,
            });
          }
        },
      },
    );
  }

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <p className="text-sm text-muted">
        <span className="capitalize">{who}</span>, {tenant.room.room_number}, {tenant.hostel.hostel_name}.{' '}
        {tenant.notice
          ? `Gave notice to leave on ${formatLagosDate(tenant.notice.move_out_on)}.`
          : `Rent paid until ${formatLagosDate(tenant.rentDueDate)}.`}
      </p>
      <TextField
        label="Day the tenant left"
        type="date"
        max={todayInLagos()}
        value={date}
        error={errors.date}
        onChange={(e) => {
          edited();
          setDate(e.currentTarget.value);
        }}
      />
      <FormField label="Reason" error={errors.reason}>
        {(a11y) => (
          <select
            className="input"
            {...a11y}
            value={reason}
            onChange={(e) => {
              edited();
              setReason(e.currentTarget.value as MoveOutReason);
            }}
          >
            {MOVE_OUT_REASONS.map((r) => (
              <option key={r} value={r}>
                {MOVE_OUT_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="Note for the tenant (optional)"
        maxLength={NOTE_MAX}
        value={note}
        onChange={(e) => {
          edited();
          setNote(e.currentTarget.value);
        }}
      />

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.deductions ? deductionsErrorId : undefined}
      >
        <legend className="label">Deductions from the {formatNaira(held)} deposit</legend>
        {rows.length === 0 && <p className="text-sm text-muted">None: the whole deposit goes back.</p>}
        {rows.map((row, i) => (
          <div key={row.key} className="flex flex-col gap-1 rounded border border-line p-2">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <div className="flex-1">
                <TextField
                  label={`Deduction ${i + 1}: what for`}
                  maxLength={200}
                  value={row.description}
                  onChange={(e) => update(row.key, { description: e.currentTarget.value })}
                />
              </div>
              <div className="sm:w-28">
                <TextField
                  label="Amount (₦)"
                  aria-label={`Deduction ${i + 1}: amount (₦)`}
                  error={errors.rows?.[row.key]}
                  inputMode="numeric"
                  autoComplete="off"
                  value={row.amount}
                  onChange={(e) => update(row.key, { amount: e.currentTarget.value })}
                />
              </div>
            </div>
            <button
              type="button"
              className="self-start text-sm font-semibold text-danger-700 underline"
              onClick={() => {
                edited();
                setRows((all) => all.filter((r) => r.key !== row.key));
              }}
            >
              Remove deduction {i + 1}
            </button>
          </div>
        ))}
        {rows.length < MAX_DEDUCTIONS && held > 0 && (
          <button
            type="button"
            className="btn-secondary self-start"
            onClick={() => {
              edited();
              setRows((all) => [...all, { key: nextKey, description: '', amount: '' }]);
              setNextKey((k) => k + 1);
            }}
          >
            Add deduction
          </button>
        )}
        {errors.deductions && (
          <p id={deductionsErrorId} className="field-error">
            {errors.deductions}
          </p>
        )}
      </fieldset>

      <p className="text-sm" aria-live="polite">
        Deducted {formatNaira(total)} · back to the tenant{' '}
        <strong>{formatNaira(Math.max(0, held - total))}</strong>
      </p>
      {moveOut.error && <Alert tone="error">{moveOut.error.message}</Alert>}
      <button type="submit" className="btn-primary" disabled={moveOut.isPending}>
        {moveOut.isPending ? 'Moving out…' : 'Move out'}
      </button>
    </form>
  );
}
