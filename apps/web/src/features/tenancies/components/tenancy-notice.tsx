import type { Profile } from '@studynest/contracts';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format.ts';
import { useGiveNotice, useWithdrawNotice } from '../api/tenancy-queries.ts';

type RentDetails = NonNullable<Profile['rentDetails']>;

/**
 * Profile → Moving out (docs/domain.md, "Move-out"): the tenant's written notice, a move-out day
 * at least the notice period away. Given notice can be changed or taken back until the admins
 * record the move-out.
 */
export function TenancyNotice({ rent }: { rent: RentDetails }) {
  const give = useGiveNotice();
  const withdraw = useWithdrawNotice();
  const [editing, setEditing] = useState(false);
  const [day, setDay] = useState(rent.notice?.move_out_on ?? rent.earliestMoveOut);
  const [error, setError] = useState<string>();
  const notice = rent.notice;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!day) return setError('Choose the day you will move out');
    if (day < rent.earliestMoveOut) {
      return setError(`Choose ${formatLagosDate(rent.earliestMoveOut)} or later`);
    }
    setError(undefined);
    give.mutate(
      { move_out_on: day },
      {
        onSuccess: () => setEditing(false),
        onError: (err) => setError(err instanceof ApiError ? err.fields.move_out_on : undefined),
      },
    );
  }

  return (
    <section aria-labelledby="notice-heading" className="card flex flex-col gap-3">
      <h2 id="notice-heading" className="text-xl">
        Moving out
      </h2>
      {notice && !editing ? (
        <>
          <p>
            You gave notice on {formatLagosDateTime(notice.given_at)} to move out on{' '}
            <strong>{formatLagosDate(notice.move_out_on)}</strong>.
          </p>
          <p className="text-sm text-muted">
            After you move out and the room has been checked, your caution deposit comes back less any
            deductions, with a statement of them here and by e-mail.
          </p>
          {withdraw.error && <Alert tone="error">{withdraw.error.message}</Alert>}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setDay(notice.move_out_on);
                setError(undefined);
                setEditing(true);
              }}
            >
              Change the day
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={withdraw.isPending}
              onClick={() => withdraw.mutate()}
            >
              {withdraw.isPending ? 'Taking back…' : 'Take back notice'}
            </button>
          </div>
        </>
      ) : (
        <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
          <p className="text-sm text-muted">
            To end your tenancy, give us written notice here. The earliest day you can choose is{' '}
            {formatLagosDate(rent.earliestMoveOut)}.
          </p>
          <TextField
            label="Move-out day"
            type="date"
            min={rent.earliestMoveOut}
            value={day}
            error={error}
            onChange={(e) => setDay(e.currentTarget.value)}
          />
          {give.error && !error && <Alert tone="error">{give.error.message}</Alert>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary" disabled={give.isPending}>
              {give.isPending ? 'Sending…' : notice ? 'Change notice' : 'Give notice'}
            </button>
            {notice && (
              <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
                Keep {formatLagosDate(notice.move_out_on)}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
