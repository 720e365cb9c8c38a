import { type FormEvent, useId, useState } from 'react';
import { useSubscribe } from '../api/marketing-queries.ts';

/**
 * A plain form (no form library on the landing page, to keep it light): the browser's own e-mail
 * check runs first, then the server's answer — success or its full error — is shown under the box.
 */
export function SubscribeBox() {
  const id = useId();
  const subscribe = useSubscribe();
  const [invalid, setInvalid] = useState<string | null>(null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('email') as HTMLInputElement;
    if (!input.checkValidity()) {
      setInvalid(
        input.value.trim() ? 'Enter a valid email address, like ada@example.com' : 'Enter your email address',
      );
      input.focus();
      return;
    }
    setInvalid(null);
    subscribe.mutate(input.value.trim(), { onSuccess: () => input.form?.reset() });
  };

  const error = invalid ?? (subscribe.isError ? subscribe.error.message : null);
  return (
    <section aria-labelledby={`${id}-heading`} className="container-page pt-12 sm:pt-16">
      <div className="card mx-auto flex max-w-3xl flex-col gap-4 p-6 sm:p-8">
        <h2 id={`${id}-heading`} className="text-2xl">
          Get new rooms in your inbox
        </h2>
        <p className="text-muted">
          Subscribe and we'll e-mail you when new hostels and rooms open, and before the new session's rush.
          No spam — unsubscribe whenever you like.
        </p>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={`${id}-email`} className="label">
              Email address
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              className="input"
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-msg` : undefined}
              onChange={() => {
                if (invalid) setInvalid(null);
                if (subscribe.isError || subscribe.isSuccess) subscribe.reset();
              }}
            />
          </div>
          <button type="submit" className="btn-primary sm:mt-6" disabled={subscribe.isPending}>
            {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
          </button>
        </form>
        <div aria-live="polite" id={`${id}-msg`}>
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          {subscribe.isSuccess && <p className="font-medium text-ok-700">{subscribe.data.message}</p>}
        </div>
      </div>
    </section>
  );
}
