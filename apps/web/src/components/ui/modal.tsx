import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The native <dialog> both dialogs below open: `showModal` moves focus in and makes the page behind
 * inert, Escape closes it (as `onClose`), and closing returns focus to where it was.
 */
function DialogFrame({
  open,
  title,
  titleClass,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  titleClass: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} onClose={onClose} onCancel={onClose} className="dialog-box">
      <div className="flex flex-col gap-3 p-5">
        <h2 id={titleId} className={`text-lg ${titleClass}`}>
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

const TITLE_COLOURS = { neutral: 'text-ink', success: 'text-ok-700', error: 'text-danger-700' } as const;

/**
 * An accessible modal with a Close button. `tone` colours the title for success/error notices.
 * `closeLabel` names that button when "Close" could be read as the dialog's own action (a dialog
 * that closes a payment's refunds).
 */
export function Modal({
  open,
  title,
  children,
  onClose,
  tone = 'neutral',
  closeLabel = 'Close',
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
  tone?: keyof typeof TITLE_COLOURS;
  closeLabel?: string;
}) {
  return (
    <DialogFrame open={open} title={title} titleClass={TITLE_COLOURS[tone]} onClose={onClose}>
      {children}
      <div className="flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </DialogFrame>
  );
}

/**
 * Asks before something that cannot be undone. Both buttons say what they do ("Delete room" /
 * "Keep room"): a bare "Cancel" beside "Cancel inspection" leaves a person guessing which one stops.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  keepLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The button that leaves everything as it was, in words: "Keep inspection", "Go back". */
  keepLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <DialogFrame open={open} title={title} titleClass="" onClose={onCancel}>
      <div className="text-muted">{message}</div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          {keepLabel}
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy}>
          {busy ? 'Working…' : confirmLabel}
        </button>
      </div>
    </DialogFrame>
  );
}
