import type { Profile } from '@studynest/contracts';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { applyServerErrors } from '../../../lib/form.ts';
import { NOTICE_MS, useTimedNotice } from '../../../lib/use-timed-notice.ts';
import { useUpdateProfile } from '../api/user-queries.ts';

type Channel = 'notify_email' | 'notify_sms';

/**
 * Whether rent reminders and news reach this person by e-mail and by text. A switch takes effect
 * when flipped (no Save button): the profile answer that comes back is what the switches show.
 */
export function MessagePreferences({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const { notice, show, clear } = useTimedNotice();
  const [error, setError] = useState<string | null>(null);
  const saving = update.isPending ? update.variables : undefined;

  const change = (channel: Channel, on: boolean) => {
    setError(null);
    clear();
    update.mutate(
      { [channel]: on },
      {
        onSuccess: () => {
          const how = channel === 'notify_email' ? 'E-mails' : 'Texts';
          show({ tone: 'success', message: `${how} ${on ? 'turned on' : 'turned off'}.` }, NOTICE_MS.saved);
        },
        onError: (err) => setError(applyServerErrors(err, () => undefined)),
      },
    );
  };

  // While a change is on its way the switch shows the new position, so a tap feels immediate.
  const value = (channel: Channel) => saving?.[channel] ?? profile[channel];

  return (
    <CardSection
      title="Messages"
      intro="Messages about your account, its security and your payments always go to you, whatever you choose here."
      roomy
    >
      <Switch
        label="Rent reminders and news by e-mail"
        checked={value('notify_email')}
        disabled={update.isPending}
        onChange={(on) => change('notify_email', on)}
      />
      <Switch
        label="Rent reminders and news by text message"
        description="Texts go to Nigerian mobile numbers only."
        checked={value('notify_sms')}
        disabled={update.isPending}
        onChange={(on) => change('notify_sms', on)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div aria-live="polite">{notice && <Alert tone="success">{notice.message}</Alert>}</div>
    </CardSection>
  );
}
