import type { OwedPayment } from '@studynest/contracts';
import { applyServerErrors, type FieldValues, type UseFormSetError } from '../../../lib/form.ts';

/** The payer, as the Refunds dialogs name them. */
export const payerName = (p: OwedPayment) => `${p.user.first_name} ${p.user.last_name}`;

/**
 * A Refunds dialog's submit: send the body, close the dialog once the server takes it, else show the
 * server's messages under the fields they name (the server has the last word: another admin may
 * have acted meanwhile).
 */
export const sendThenClose =
  <T extends FieldValues, B>(
    send: (body: B) => Promise<unknown>,
    onDone: () => void,
    setError: UseFormSetError<T>,
  ) =>
  (body: B) =>
    send(body).then(onDone, (err: unknown) => {
      applyServerErrors(err, setError);
    });
