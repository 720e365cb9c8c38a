import { type OutboxState, WAITING_TO_SEND } from '../../lib/offline-writes.ts';
import { Alert } from './alert.tsx';

/** Where a write made offline stands: waiting for the signal, sent, or refused with the server's reason. */
export function OutboxNotice({ state }: { state: OutboxState | null }) {
  if (!state) return null;
  if (state.kind === 'waiting') return <Alert tone="info">{WAITING_TO_SEND}</Alert>;
  if (state.kind === 'sent') return <Alert tone="success">Sent</Alert>;
  return <Alert tone="error">Not sent: {state.message}</Alert>;
}
