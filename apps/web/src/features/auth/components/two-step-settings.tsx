import type { MfaDisableSchema, MfaEnableSchema, MfaSetup } from '@studynest/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type * as z from 'zod/mini';
import { Alert, QueryError } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { lazyZodResolver, serverErrorLine, useForm } from '../../../lib/form.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { isReauthCancelled, useReauth } from '../../../lib/use-reauth.ts';
import { mfaQueries, useMfaDisable, useMfaEnable, useMfaSetup } from '../api/mfa-queries.ts';
import { ConfirmPasswordModal } from './confirm-password-modal.tsx';
import { OtpField } from './otp-input.tsx';
import { PasswordField } from './password-input.tsx';
import { SubmitButton } from './submit-button.tsx';

// The contract schemas load after the screen (see lazyZodResolver).
const enableResolver = lazyZodResolver(() =>
  import('@studynest/contracts/account-security').then((m) => m.MfaEnableSchema),
);
const disableResolver = lazyZodResolver(() =>
  import('@studynest/contracts/account-security').then((m) => m.MfaDisableSchema),
);

/** Base32 keys are typed by hand from a phone screen: blocks of 4 are far easier to keep your place in. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The admin's two-step sign-in: its state, setting it up, and turning it off. */
export function TwoStepSettings() {
  const status = useQuery(mfaQueries.status());
  const [done, setDone] = useState<string | null>(null);

  if (status.isPending) return <Spinner label="Loading two-step sign-in…" />;
  if (status.isError) return <QueryError error={status.error} retry={() => status.refetch()} />;
  const { enabled, required } = status.data;

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2">
        <span className="text-muted">Status:</span>
        <span className={enabled ? 'badge-ok' : 'badge-muted'}>{enabled ? 'On' : 'Off'}</span>
      </p>
      {done && <Alert tone="success">{done}</Alert>}
      {required && !enabled && (
        <Alert tone="warning">
          StudyNest requires two-step sign-in for admins. Admin pages open once you have set it up.
        </Alert>
      )}
      {enabled ? (
        <TurnOffForm required={required} onDone={setDone} />
      ) : (
        <SetUp
          onDone={(message) => {
            setDone(message);
          }}
          onStart={() => setDone(null)}
        />
      )}
    </div>
  );
}

function SetUp({ onDone, onStart }: { onDone: (message: string) => void; onStart: () => void }) {
  const setup = useMfaSetup();
  const reauth = useReauth();
  const [secret, setSecret] = useState<MfaSetup | null>(null);
  const [error, setErrorMessage] = useState<string | null>(null);

  const start = async () => {
    onStart();
    setErrorMessage(null);
    try {
      // A new secret replaces any half-finished one, so it needs a recently entered password too.
      setSecret(await reauth.run(() => setup.mutateAsync()));
    } catch (err) {
      if (!isReauthCancelled(err)) setErrorMessage((err as Error).message);
    }
  };

  return (
    <>
      {!secret ? (
        <div className="flex flex-col gap-3">
          {error && <Alert tone="error">{error}</Alert>}
          <p className="text-muted">
            You need an authenticator app on your phone, such as Google Authenticator, Microsoft
            Authenticator, Aegis or 1Password.
          </p>
          <div>
            <button
              type="button"
              className="btn-primary w-full sm:w-auto"
              onClick={start}
              disabled={setup.isPending}
              aria-busy={setup.isPending}
            >
              {setup.isPending ? 'Preparing…' : 'Set up two-step sign-in'}
            </button>
          </div>
        </div>
      ) : (
        <SetUpSteps setup={secret} onCancel={() => setSecret(null)} onDone={onDone} />
      )}
      <ConfirmPasswordModal {...reauth.modal} />
    </>
  );
}

function SetUpSteps({
  setup,
  onCancel,
  onDone,
}: {
  setup: MfaSetup;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const enable = useMfaEnable();
  useEffect(() => enableResolver.preload(), []);
  const { register, handleSubmit, setError, errors, isSubmitting } = useForm<
    z.input<typeof MfaEnableSchema>,
    unknown,
    z.output<typeof MfaEnableSchema>
  >({
    resolver: enableResolver,
    defaultValues: { code: '' },
  });
  const [error, setErrorMessage] = useState<string | null>(null);

  const submit = handleSubmit(async ({ code }) => {
    setErrorMessage(null);
    try {
      const res = await enable.mutateAsync(code);
      onDone(res.message);
    } catch (err) {
      setErrorMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <ol className="flex flex-col gap-5">
        <li className="flex flex-col gap-3">
          <h2 className="text-lg">1. Add StudyNest to your authenticator app</h2>
          <a href={setup.otpauth_url} className="btn-secondary w-full sm:w-auto sm:self-start">
            Open in authenticator app
          </a>
          <p className="text-sm text-muted">
            On another device, or if the button does nothing, add an account in the app and type this key:
          </p>
          <SecretKey secret={setup.secret} />
        </li>
        <li className="flex flex-col gap-3">
          <h2 className="text-lg">2. Enter the code the app shows</h2>
          {error && <Alert tone="error">{error}</Alert>}
          <OtpField
            digits={6}
            label="Authenticator code"
            error={errors.code?.message}
            {...register('code')}
          />
        </li>
      </ol>
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={isSubmitting} pendingLabel="Turning on…" className="sm:w-auto">
          Turn on two-step sign-in
        </SubmitButton>
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
          Not now
        </button>
      </div>
    </form>
  );
}

function SecretKey({ secret }: { secret: string }) {
  const ref = useRef<HTMLElement>(null);
  const { done, copy } = useCopy(secret, ref);
  const copied =
    done && (done === 'copied' ? 'Key copied.' : 'Key selected: copy it from your browser menu.');
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-subtle p-3 sm:flex-row sm:items-center sm:justify-between">
      <code
        ref={ref}
        className="font-mono text-lg font-semibold tracking-wider break-words text-ink select-all"
      >
        {groupSecret(secret)}
      </code>
      <div className="flex items-center gap-3">
        <button type="button" className="btn-secondary min-h-10 px-3" onClick={copy}>
          Copy key
        </button>
        <span role="status" className="text-sm text-ok-700">
          {copied}
        </span>
      </div>
    </div>
  );
}

function TurnOffForm({ required, onDone }: { required: boolean; onDone: (message: string) => void }) {
  const disable = useMfaDisable();
  useEffect(() => disableResolver.preload(), []);
  const { register, handleSubmit, setError, errors, isSubmitting } = useForm<
    z.input<typeof MfaDisableSchema>,
    unknown,
    z.output<typeof MfaDisableSchema>
  >({
    resolver: disableResolver,
    defaultValues: { password: '', code: '' },
  });
  const [error, setErrorMessage] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    try {
      const res = await disable.mutateAsync(values);
      onDone(res.message);
    } catch (err) {
      setErrorMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 border-t border-line pt-4">
      <div>
        <h2 className="text-lg">Turn off two-step sign-in</h2>
        <p className="mt-1 text-sm text-muted">
          {required
            ? 'StudyNest requires it for admins: with it off, admin pages stay closed until you set it up again.'
            : 'Signing in will ask for your password only. Enter your password and a current code to confirm.'}
        </p>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <OtpField digits={6} label="Authenticator code" error={errors.code?.message} {...register('code')} />
      <div>
        <button type="submit" className="btn-danger w-full sm:w-auto" disabled={isSubmitting}>
          {isSubmitting ? 'Turning off…' : 'Turn off two-step sign-in'}
        </button>
      </div>
    </form>
  );
}
