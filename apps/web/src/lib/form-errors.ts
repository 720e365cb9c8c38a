import { ApiError } from './api-client.ts';
import type { FieldValues, Path, UseFormSetError } from './form.ts';

/** Put the server's per-field messages on the form's fields; return the overall message to show. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): string {
  if (err instanceof ApiError) {
    for (const [field, message] of Object.entries(err.fields)) setError(field as Path<T>, { message });
    return err.message;
  }
  return 'Something went wrong. Please try again.';
}

/** Whether the server put its reasons on fields (then the fields say it; no second message above). */
export const hasFieldErrors = (err: unknown) => err instanceof ApiError && Object.keys(err.fields).length > 0;
