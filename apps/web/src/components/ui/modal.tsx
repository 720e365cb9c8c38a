import { type ReactNode, useEffect, useRef } from 'react';

/**
 * An accessible modal on the native <dialog>: focus moves in, Escape closes, focus returns on close.
 * `tone` colours the title for success/error notices.
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  tone = 'neutral',
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
  tone?: 'neutral' | 'success' | 'error';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const titleColour = tone === 'success' ? 'text-ok-700' : tone === 'error' ? 'text-danger-700' : 'text-ink';
  return (
    <dialog
      ref={ref}
      aria-labelledby="modal-title"
      onClose={onClose}
      onCancel={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-[var(--radius-card)] p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-5">
        <h2 id="modal-title" className={`text-lg ${titleColour}`}>
          {title}
        </h2>
        {children}
        <div className="flex justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      onClose={onCancel}
      onCancel={onCancel}
      className="m-auto w-[min(92vw,28rem)] rounded-[var(--radius-card)] p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-5">
        <h2 id="confirm-title" className="text-lg">
          {title}
        </h2>
        <div className="text-muted">{message}</div>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
