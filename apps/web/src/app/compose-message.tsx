import { lazy, Suspense, useCallback, useState } from 'react';
import type { ComposeTarget } from '../features/messages/components/compose-dialog.tsx';

export type { ComposeTarget };

// Loaded on the first Send Email / Send SMS press: most visits to these screens send nothing.
const ComposeDialog = lazy(() =>
  import('../features/messages/components/compose-dialog.tsx').then((m) => ({ default: m.ComposeDialog })),
);

/**
 * Send Email / Send SMS from any admin screen: `compose(target)` opens the dialog; render `dialog`
 * once in the screen. The dialog's code is fetched the first time it is opened.
 */
export function useComposeMessage() {
  const [target, setTarget] = useState<ComposeTarget | null>(null);
  const [used, setUsed] = useState(false);
  const compose = useCallback((next: ComposeTarget) => {
    setUsed(true);
    setTarget(next);
  }, []);
  const dialog = used ? (
    <Suspense fallback={null}>
      <ComposeDialog target={target} onClose={() => setTarget(null)} />
    </Suspense>
  ) : null;
  return { compose, dialog };
}

/** A table row's Send Email / Send SMS to one person (audience: that user). */
export function PersonMessageButtons({
  userId,
  name,
  compose,
}: {
  userId: string;
  name: string;
  compose: (target: ComposeTarget) => void;
}) {
  const to = (channel: 'email' | 'sms') =>
    compose({ channel, audience: { type: 'users', user_ids: [userId] }, audienceLabel: name });
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn-secondary whitespace-nowrap"
        aria-label={`Send Email to ${name}`}
        onClick={() => to('email')}
      >
        Email
      </button>
      <button
        type="button"
        className="btn-secondary whitespace-nowrap"
        aria-label={`Send SMS to ${name}`}
        onClick={() => to('sms')}
      >
        SMS
      </button>
    </div>
  );
}
