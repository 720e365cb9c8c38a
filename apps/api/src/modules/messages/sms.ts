import type { MessageTopic } from '@studynest/contracts';
import type { Config, SmsClass } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from './messages.schema.ts';

/**
 * Which texts must arrive and which are news (docs/domain.md, "Messages"). Termii sends the first
 * by its `dnd` route, which reaches numbers on Do-Not-Disturb (MTN turns it on for many lines by
 * default); the `generic` route does not, and is for news only. A new topic must be classed here.
 */
export const SMS_CLASS_OF_TOPIC: Record<MessageTopic, SmsClass> = {
  account: 'transactional',
  security: 'transactional',
  payment: 'transactional',
  reminder: 'transactional',
  maintenance: 'transactional',
  // An admin's notice to the people chosen (tenants of a hostel…): about where they live.
  announcement: 'transactional',
  // She asked for it, about a room she may lose to someone faster: it must reach her.
  alert: 'transactional',
  news: 'marketing',
};

/** One text message ready to go; `to` is E.164 (+234…); `class` picks the provider's route. */
export type OutgoingSms = { to: string; text: string; class: SmsClass };

export interface SmsProvider {
  readonly name: 'outbox' | 'termii';
  send(sms: OutgoingSms): Promise<void>;
}

export type TermiiSettings = NonNullable<Config['sms']['termii']>;

/** A provider refusal or outage, with what it said: kept on the delivery as its error. */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
}

/**
 * Termii's plain SMS endpoint (POST /api/sms/send). Numbers go as digits with the country code and
 * no plus sign, the form Termii documents; `channel` is the route for the text's class
 * (TERMII_CHANNEL_TRANSACTIONAL / TERMII_CHANNEL_MARKETING). A 2xx answer without a message id is a
 * refusal too.
 */
function termiiProvider(settings: TermiiSettings): SmsProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/api/sms/send`;
  return {
    name: 'termii',
    async send(sms) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: settings.apiKey,
            to: sms.to.replace(/^\+/, ''),
            from: settings.senderId,
            sms: sms.text,
            type: 'plain',
            channel: settings.channels[sms.class],
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new SmsProviderError(`Termii did not answer: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => ({}))) as { message_id?: unknown; message?: unknown };
      if (!res.ok || !body.message_id) {
        throw new SmsProviderError(
          `Termii refused the message (${res.status}): ${String(body.message ?? 'no message')}`,
        );
      }
    },
  };
}

/** Development: the text is kept in sms_outbox, readable at /api/dev/sms-outbox, and goes nowhere. */
function outboxProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(sms) {
      await db.insert(smsOutbox).values({ to: sms.to, text: sms.text });
    },
  };
}

export function createSmsProvider(termii: TermiiSettings | undefined, db: Db): SmsProvider {
  return termii ? termiiProvider(termii) : outboxProvider(db);
}
