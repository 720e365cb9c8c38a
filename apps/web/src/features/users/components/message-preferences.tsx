import type { Profile } from '@studynest/contracts';
import { MARKETING_SWITCH_WORDING } from '@studynest/contracts/constants';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { applyServerErrors } from '../../../lib/form.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useUpdateProfile } from '../api/user-queries.ts';

type Channel = 'notify_email' | 'notify_sms' | 'marketing_email' | 'marketing_sms';

const SWITCHES: { channel: Channel; label: string; done: string; description?: string }[] = [
  { channel: 'notify_email', label: 'Rent reminders and notices by e-mail', done: 'E-mails' },
  {
    channel: 'notify_sms',
    label: 'Rent reminders and notices by text message',
    done: 'Texts',
    description: 'Texts go to Nigerian mobile numbers only.',
  },
  // Consent to marketing: off until she turns it on; the words shown are the words recorded.
  { channel: 'marketing_email', label: MARKETING_SWITCH_WORDING.marketing_email, done: 'News by e-mail' },
  { channel: 'marketing_sms', label: MARKETING_SWITCH_WORDING.marketing_sms, done: 'News by text' },
];

/**
 * Which messages reach this person: service messages about her rent and room (on unless she turns
 * them off) and news and offers (only if she said yes). A switch takes effect when flipped (no Save
 * button): the profile answer that comes back is what the switches show.
 */
export function MessagePreferences({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { notice, show, clear } = useTimedNotice();
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending ? update.variables : undefined;

  const change = (channel: Channel, done: string, on: boolean) => {
    setError(null);
    clear();
    update.mutate(
      { [channel]: on },
      {
        onSuccess: () =>
          show({ tone: 'success', message: `${done} turned ${on ? 'on' : 'off'}.` }, NOTICE_MS.saved),
        onError: (err) => setError(applyServerErrors(err, () => undefined)),
      },
    );
  };

  // While a change is on its way the switch shows the new position, so a tap feels immediate.
  const value = (channel: Channel) => saving?.[channel] ?? profile[channel];

  return (
    <CardSection
      title="Messages"
      intro="Messages about your account, its security and your payments always go to you, whatever you choose here. News and offers come only if you turn them on."
      roomy
    >
      {SWITCHES.map((s) => (
        <Switch
          key={s.channel}
          label={s.label}
          {...(s.description ? { description: s.description } : {})}
          checked={value(s.channel)}
          disabled={update.isPending}
          onChange={(on) => change(s.channel, s.done, on)}
        />
      ))}
      {error && <Alert tone="error">{error}</Alert>}
      <div aria-live="polite">{notice && <Alert tone="success">{notice.message}</Alert>}</div>
    </CardSection>
  );
}
