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

type Channel = 'email' | 'sms';
const CHANNEL_TEXT: Record<Channel, string> = { email: 'Send Email', sms: 'Send SMS' };

/**
 * Send Email and Send SMS side by side. `text` is what the buttons say (the full words by default);
 * `to` names who gets it, so each button's accessible name says so ("Send SMS to Ada Obi").
 */
export function ChannelButtons({
  onPick,
  to,
  text = CHANNEL_TEXT,
}: {
  onPick: (channel: Channel) => void;
  to?: string;
  text?: Record<Channel, string>;
}) {
  return (
    <div className="flex gap-2">
      {(['email', 'sms'] as const).map((channel) => (
        <button
          key={channel}
          type="button"
          className="btn-secondary whitespace-nowrap"
          aria-label={to ? `${CHANNEL_TEXT[channel]} to ${to}` : undefined}
          onClick={() => onPick(channel)}
        >
          {text[channel]}
        </button>
      ))}
    </div>
  );
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
  return (
    <ChannelButtons
      to={name}
      text={{ email: 'Email', sms: 'SMS' }}
      onPick={(channel) =>
        compose({ channel, audience: { type: 'users', user_ids: [userId] }, audienceLabel: name })
      }
    />
  );
}
