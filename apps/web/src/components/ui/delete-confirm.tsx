import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Alert } from './alert.tsx';
import { ConfirmDialog } from './modal.tsx';

// Apart from modal.tsx: only the admin lists delete, and the student screens that ask before
// something (the profile's Cancel inspection) load modal.tsx without it.

/**
 * Deleting one of a list's items, asked first: `ask(item)` opens the question, confirming runs
 * `remove` on its id and then `onDeleted`; the server's refusal (a hostel with rooms, say) shows in
 * the dialog, which stays open. Render `dialog(…)` once in the screen.
 */
export function useDeleteConfirm<T extends { _id: string }>(
  remove: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>,
  onDeleted: () => void,
) {
  const [item, setItem] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setItem(null);
    setError(null);
  };
  const confirm = () => {
    if (!item) return;
    setError(null);
    remove.mutate(item._id, {
      onSuccess: () => {
        setItem(null);
        onDeleted();
      },
      onError: (err) => setError(err.message),
    });
  };
  const dialog = (
    title: string,
    labels: { confirm: string; keep: string },
    describe: (item: T) => ReactNode,
  ) => (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={
        <div className="flex flex-col gap-3">
          <p>{item && describe(item)}</p>
          {error && <Alert tone="error">{error}</Alert>}
        </div>
      }
      confirmLabel={labels.confirm}
      keepLabel={labels.keep}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={close}
    />
  );
  const ask = (next: T) => {
    setError(null);
    setItem(next);
  };
  return { ask, dialog };
}
