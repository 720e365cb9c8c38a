import type {
  AdminMessageCreate,
  AdminMessageCreated,
  AdminMessageCreateInput,
  MessageAudience,
} from '@studynest/contracts';
import { MESSAGE_LIMITS, MESSAGE_PLACEHOLDERS, smsSegments } from '@studynest/contracts/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { lazyZodResolver, useForm } from '../../../lib/form.ts';
import { usePreviewMessage, useSendMessage } from '../api/message-queries.ts';
import { channelLabel } from '../audience.ts';
import { SkippedList } from './skipped-list.tsx';

/** Who a compose dialog writes to, as the screen that opened it knows them. */
export type ComposeTarget = {
  channel: 'email' | 'sms';
  audience: MessageAudience;
  /** Who gets it, in words: "Tenants of Samaru Lodge", "Ada Obi". */
  audienceLabel: string;
  /** From the admin menu: let the admin pick all current tenants or only those in arrears. */
  chooseTenantsOrArrears?: boolean;
};

const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/admin-messages').then((m) => m.AdminMessageCreateSchema),
);

const PLACEHOLDER_LABELS: Record<(typeof MESSAGE_PLACEHOLDERS)[number], string> = {
  '{first_name}': 'First name',
  '{hostel}': 'Hostel',
  '{room}': 'Room',
  '{due_date}': 'Due date',
};

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** The first error message anywhere in a nested error (`audience.user_ids.0`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, item] of Object.entries(error)) {
    if (key === 'ref') continue;
    const message = firstMessage(item);
    if (message) return message;
  }
  return undefined;
}

/** The Send button that had focus is gone once the result shows: focus its heading instead. */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/** A text carries no subject: the field is not even on the form, and nothing of it is sent. */
const toBody = (values: AdminMessageCreateInput | AdminMessageCreate): AdminMessageCreateInput =>
  values.channel === 'sms' ? { ...values, subject: undefined } : values;

/**
 * Send Email / Send SMS: write a message to an audience, preview it as one recipient gets it, send
 * it. A native modal <dialog>: the page behind is inert (focus stays inside), Escape closes it, and
 * focus goes back to the button that opened it.
 */
export function ComposeDialog({ target, onClose }: { target: ComposeTarget | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = target !== null;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control, a placeholder button for a text: start where one writes.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={onClose}
      className="m-auto max-h-[92dvh] w-[min(96vw,36rem)] overflow-y-auto rounded-[var(--radius-card)] p-0 shadow-xl backdrop:bg-black/50"
    >
      {/* Keyed so every opening starts from an empty form. */}
      {target && (
        <ComposeForm
          key={`${target.channel}:${JSON.stringify(target.audience)}`}
          target={target}
          titleId={titleId}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}

function ComposeForm({
  target,
  titleId,
  onClose,
}: {
  target: ComposeTarget;
  titleId: string;
  onClose: () => void;
}) {
  const { channel } = target;
  const isSms = channel === 'sms';
  const limit = isSms ? MESSAGE_LIMITS.sms : MESSAGE_LIMITS.email;
  const ids = useId();
  const preview = usePreviewMessage();
  const send = useSendMessage();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState<AdminMessageCreated | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => resolver.preload(), []);

  const { register, handleSubmit, setValue, setError, watch, errors, isSubmitting } = useForm<
    AdminMessageCreateInput,
    unknown,
    AdminMessageCreate
  >({
    resolver,
    defaultValues: {
      channel,
      audience: target.audience,
      subject: isSms ? undefined : '',
      body: '',
      news: false,
    },
  });
  const body = watch('body') ?? '';
  const subject = watch('subject');
  const audienceType = watch('audience.type');
  const news = watch('news');

  // A preview describes the message as it was; once the words or the audience change it is stale.
  const resetPreview = preview.reset;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the changed values are the trigger
  useEffect(() => resetPreview(), [body, subject, audienceType, news, resetPreview]);

  const showServerError = (err: unknown) => {
    if (!(err instanceof ApiError)) {
      setServerError('Something went wrong. Please try again.');
      return;
    }
    let onField = false;
    for (const [field, message] of Object.entries(err.fields)) {
      if (field === 'body' || (field === 'subject' && !isSms)) {
        setError(field, { message });
        onField = true;
      }
    }
    setServerError(onField ? null : err.message);
  };

  // Subject and body show their own errors; an audience the screen got wrong has no field, so say it.
  const onInvalid = (invalid: typeof errors) => {
    const message = firstMessage(invalid.audience);
    setServerError(message ? `These recipients cannot be used: ${message}` : null);
  };

  const onPreview = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await preview.mutateAsync(toBody(values));
    } catch (err) {
      showServerError(err);
    }
  }, onInvalid);
  const onSend = handleSubmit(async (values) => {
    setServerError(null);
    try {
      setSent(await send.mutateAsync(toBody(values)));
    } catch (err) {
      showServerError(err);
    }
  }, onInvalid);

  const insert = (token: string) => {
    const area = bodyRef.current;
    if (!area) return;
    // Where the cursor is (or over the selected text), then the cursor goes after it.
    area.setRangeText(token, area.selectionStart, area.selectionEnd, 'end');
    setValue('body', area.value, { shouldDirty: true, shouldValidate: Boolean(errors.body) });
    area.focus();
  };

  const title = `Send ${isSms ? 'SMS' : 'Email'}`;
  const audienceWords =
    target.chooseTenantsOrArrears && audienceType === 'arrears' ? 'Tenants in arrears' : target.audienceLabel;

  if (sent) {
    return (
      <div className="flex flex-col gap-4 p-5">
        <h2 id={titleId} ref={focusOnMount} tabIndex={-1} className="text-lg text-ok-700">
          {isSms ? 'Text message' : 'E-mail'} on its way
        </h2>
        <p>
          Sending to <strong>{plural(sent.recipients, 'person', 'people')}</strong> ({audienceWords}). Each
          one shows as sent in the message log once it has gone.
        </p>
        {sent.skipped.length > 0 && <SkippedList skipped={sent.skipped} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
          <Link to={paths.admin.message.getHref(sent.id)} className="btn-primary" onClick={onClose}>
            Open in the message log
          </Link>
        </div>
      </div>
    );
  }

  const busy = isSubmitting || preview.isPending || send.isPending;
  const tooLong = body.length > limit;
  return (
    <form onSubmit={onSend} noValidate className="flex flex-col gap-4 p-5">
      <div>
        <h2 id={titleId} className="text-lg">
          {title}
        </h2>
        {!target.chooseTenantsOrArrears && (
          <p className="text-sm text-muted">
            To: <span className="font-medium text-ink">{target.audienceLabel}</span>
          </p>
        )}
      </div>

      {target.chooseTenantsOrArrears && (
        <fieldset>
          <legend className="label">To</legend>
          <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" value="tenants" {...register('audience.type')} className="size-5" />
              All current tenants
            </label>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" value="arrears" {...register('audience.type')} className="size-5" />
              Tenants in arrears
            </label>
          </div>
        </fieldset>
      )}

      {!isSms && (
        <div>
          <label htmlFor={`${ids}-subject`} className="label">
            Subject
          </label>
          <input
            id={`${ids}-subject`}
            data-autofocus
            className="input"
            autoComplete="off"
            aria-invalid={Boolean(errors.subject)}
            aria-describedby={errors.subject ? `${ids}-subject-error` : undefined}
            {...register('subject')}
          />
          {errors.subject?.message && (
            <p id={`${ids}-subject-error`} className="field-error">
              {errors.subject.message}
            </p>
          )}
        </div>
      )}

      <div>
        <label htmlFor={`${ids}-body`} className="label">
          Message
        </label>
        <fieldset className="mb-2 flex flex-wrap gap-2" aria-describedby={`${ids}-placeholders`}>
          <legend className="sr-only">Insert a placeholder</legend>
          {MESSAGE_PLACEHOLDERS.map((token) => (
            <button
              key={token}
              type="button"
              className="min-h-9 rounded-full border border-line bg-subtle px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50"
              onClick={() => insert(token)}
              aria-label={`Insert ${PLACEHOLDER_LABELS[token]} (${token})`}
            >
              {token}
            </button>
          ))}
        </fieldset>
        {(() => {
          const { ref: fieldRef, ...field } = register('body');
          return (
            <textarea
              id={`${ids}-body`}
              data-autofocus={isSms ? true : undefined}
              rows={isSms ? 5 : 8}
              className="input resize-y"
              aria-invalid={Boolean(errors.body) || tooLong}
              aria-describedby={`${ids}-count ${ids}-placeholders${errors.body ? ` ${ids}-body-error` : ''}`}
              {...field}
              ref={(el) => {
                fieldRef(el);
                bodyRef.current = el;
              }}
            />
          );
        })()}
        <p
          id={`${ids}-count`}
          className={`mt-1 text-sm ${tooLong ? 'font-semibold text-danger-700' : 'text-muted'}`}
          aria-live="polite"
        >
          {body.length.toLocaleString('en-NG')} / {limit.toLocaleString('en-NG')} characters
          {isSms && ` · ${plural(body.length === 0 ? 0 : smsSegments(body), 'SMS', 'SMS')}`}
        </p>
        <p id={`${ids}-placeholders`} className="mt-1 text-xs text-muted">
          Placeholders are filled in for each person, so the length each one gets may differ.
        </p>
        {errors.body?.message && (
          <p id={`${ids}-body-error`} className="field-error">
            {errors.body.message}
          </p>
        )}
      </div>

      {/* Marketing needs each person's yes (docs/domain.md, "Consent"): the admin says which this is. */}
      <label className="flex min-h-11 items-start gap-3 text-sm">
        <input type="checkbox" className="mt-0.5 size-5 shrink-0" {...register('news')} />
        <span>
          <span className="font-medium text-ink">This is news or an offer</span>
          <span className="block text-muted">
            It goes only to people who said yes to news and offers. Leave it unticked for a notice about their
            room, rent or hostel.
          </span>
        </span>
      </label>

      {serverError && <Alert tone="error">{serverError}</Alert>}
      {preview.data && <PreviewPanel preview={preview.data} isSms={isSms} />}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close without sending
        </button>
        <button type="button" className="btn-secondary" onClick={onPreview} disabled={busy}>
          {preview.isPending ? 'Previewing…' : 'Preview'}
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {send.isPending ? 'Sending…' : title}
        </button>
      </div>
    </form>
  );
}

function PreviewPanel({
  preview,
  isSms,
}: {
  preview: NonNullable<ReturnType<typeof usePreviewMessage>['data']>;
  isSms: boolean;
}) {
  return (
    <section aria-label="Preview" className="flex flex-col gap-3 rounded-lg border border-line bg-subtle p-3">
      <p className="font-semibold">
        {channelLabel(isSms ? 'sms' : 'email')} to {plural(preview.recipients, 'person', 'people')}
      </p>
      {preview.skipped.length > 0 && <SkippedList skipped={preview.skipped} />}
      {preview.sample && (
        <div className="flex flex-col gap-1 rounded-lg border border-line bg-white p-3 text-sm">
          <p className="text-muted">
            As <span className="font-medium text-ink">{preview.sample.name}</span> gets it (
            {preview.sample.to}):
          </p>
          {preview.sample.subject && <p className="font-semibold break-words">{preview.sample.subject}</p>}
          <p className="break-words whitespace-pre-wrap">{preview.sample.body}</p>
        </div>
      )}
    </section>
  );
}
