import type { Profile, TenancyNoticeInput } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors, hasFieldErrors, lazyZodResolver, useForm, withRules } from '../../../lib/form.ts';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/format.ts';
import { isQueued, OutboxNotice, useOutbox, useSubmissionKey } from '../../../lib/offline-writes.tsx';
import { useGiveNotice, useRefreshOwnProfile, useWithdrawNotice } from '../api/notice-mutations.ts';

type RentDetails = NonNullable<Profile['rentDetails']>;
type Values = { move_out_on: string };

// The contract's checks load after the section (see lazyZodResolver).
const schemaResolver = lazyZodResolver(() =>
  import('@studynest/contracts/tenant-requests').then((m) => m.TenancyNoticeSchema),
);

/** The contract's checks, then the notice period the server counts from today. */
const noticeResolver = (earliest: string) =>
  withRules<Values, TenancyNoticeInput>(schemaResolver, (values, errors) =>
    !errors.move_out_on && values.move_out_on < earliest
      ? { move_out_on: { message: `Choose ${formatLagosDate(earliest)} or later` } }
      : {},
  );

/**
 * Profile → Moving out (docs/domain.md, "Move-out"): the tenant's written notice, a move-out day
 * at least the notice period away. Given notice can be changed or taken back until the admins
 * record the move-out.
 */
export function TenancyNotice({ rent }: { rent: RentDetails }) {
  const give = useGiveNotice();
  const withdraw = useWithdrawNotice();
  const [editing, setEditing] = useState(false);
  const notice = rent.notice;
  useEffect(() => schemaResolver.preload(), []);
  const { register, handleSubmit, setError, reset, errors } = useForm<Values, unknown, TenancyNoticeInput>({
    resolver: noticeResolver(rent.earliestMoveOut),
    defaultValues: { move_out_on: notice?.move_out_on ?? rent.earliestMoveOut },
  });

  const submission = useSubmissionKey();
  const refreshProfile = useRefreshOwnProfile();
  const outbox = useOutbox(() => refreshProfile());
  const submit = handleSubmit((body) => {
    outbox.clear();
    const key = submission.key();
    return give.mutateAsync({ ...body, key }).then(
      (answer) => {
        submission.done();
        if (isQueued(answer)) outbox.waiting(key);
        else setEditing(false);
      },
      (err: unknown) => {
        applyServerErrors(err, setError);
      },
    );
  });

  return (
    <CardSection title="Notice to move out">
      <OutboxNotice state={outbox.state} />
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
                // Changing the day starts from the notice as it stands.
                reset({ move_out_on: notice.move_out_on });
                give.reset();
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
            error={errors.move_out_on?.message}
            {...register('move_out_on')}
          />
          {give.error && !hasFieldErrors(give.error) && <Alert tone="error">{give.error.message}</Alert>}
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
    </CardSection>
  );
}
