import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { lazyZodResolver, serverErrorLine, useForm } from '../../../lib/form.ts';
import { useConfirmPassword } from '../api/auth-mutations.ts';
import { PasswordField } from './password-input.tsx';

// The contract schema loads when the modal first opens (see lazyZodResolver).
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/account-security').then((m) => m.ConfirmPasswordSchema),
);

/**
 * "Confirm your password" before a sensitive action, driven by useReauth: on success the action is
 * retried; Go back (or Escape) leaves everything as it was.
 */
export function ConfirmPasswordModal({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const confirm = useConfirmPassword();
  const [error, setErrorMessage] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, setFocus, errors, isSubmitting } = useForm({
    resolver,
    defaultValues: { password: '' },
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      resolver.preload();
      reset({ password: '' });
      setErrorMessage(null);
      dialog.showModal();
      setFocus('password');
    }
    if (!open && dialog.open) dialog.close();
  }, [open, reset, setFocus]);

  const submit = handleSubmit(async ({ password }) => {
    setErrorMessage(null);
    try {
      await confirm.mutateAsync(password);
      reset({ password: '' });
      onConfirmed();
    } catch (err) {
      // A wrong password shows on the field; anything else (offline, 5xx) above it.
      setErrorMessage(serverErrorLine(err, setError));
    }
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault(); // closed through `open`, like every other way out
        onCancel();
      }}
      className="dialog-box"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 p-5">
        <div>
          <h2 id={titleId} className="text-lg">
            Confirm your password
          </h2>
          <p className="mt-1 text-sm text-muted">
            For your safety, enter your password again before doing this.
          </p>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Go back
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? 'Confirming…' : 'Confirm'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
