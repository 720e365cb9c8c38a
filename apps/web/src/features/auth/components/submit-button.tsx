import type { ReactNode } from 'react';

/** A primary submit button that shows a spinner and a busy label while the request runs. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = '',
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      className={`btn-primary w-full ${className}`}
      disabled={pending}
      aria-busy={pending}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent"
        />
      )}
      {pending ? pendingLabel : children}
    </button>
  );
}
