import type { Db } from '../../db/client.ts';
import { smsOutbox } from './messages.schema.ts';

/** One text message ready to go; `to` is E.164 (+234…). */
export type OutgoingSms = { to: string; text: string };

export interface SmsProvider {
  readonly name: 'outbox' | 'termii';
  send(sms: OutgoingSms): Promise<void>;
}

export type TermiiSettings = { baseUrl: string; apiKey: string; senderId: string };

/** A provider refusal or outage, with what it said: kept on the delivery as its error. */
export class SmsProviderError extends Error {
  override name = 'SmsProviderError';
}

/**
 * Termii's plain SMS endpoint (POST /api/sms/send). Numbers go as digits with the country code and
 * no plus sign, the form Termii documents. A 2xx answer without a message id is a refusal too.
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
            channel: 'generic',
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
