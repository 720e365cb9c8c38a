import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/build-test-app.ts';
import { eventually } from '../../../test/eventually.ts';
import { appWithFakeMessaging, type MessagingApp } from '../../../test/messaging-app.ts';
import {
  type Delivery,
  deliver,
  recordMessages,
  requeueStranded,
  type Senders,
} from './deliveries.service.ts';
import { messageDeliveries } from './messages.schema.ts';
import { messageSenders } from './messages.worker.ts';

/** How long a claim holds here (MESSAGE_CLAIM_SECONDS; 300 by default). */
const CLAIM_SECONDS = 2;
const never = () => new Promise<never>(() => {});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A process killed while sending a text or an e-mail (docs/decisions/0021-a-message-may-go-twice.md):
 * the attempt it began is the worker's own `deliver` with this process's real providers, stopped
 * for good at the point where the process died; what follows is what the other processes (here,
 * the app's own worker and its sweep) do about the delivery it left `sending`.
 */
describe('a process killed while sending a message', () => {
  let t: TestApp;
  let smtp: MessagingApp['smtp'];
  let termii: MessagingApp['termii'];
  let messaging: MessagingApp | undefined;
  let real: Senders;

  beforeAll(async () => {
    messaging = await appWithFakeMessaging({ messageClaimSeconds: CLAIM_SECONDS });
    ({ t, smtp, termii } = messaging);
    real = messageSenders(t.app.deps, async () => true);
  });
  afterAll(() => messaging?.close());

  const delivery = async (id: string) =>
    (await t.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, id)))[0] as Delivery;
  const textsTo = (e164: string) => termii.requests.filter((r) => r.body.to === e164.slice(1));

  /** Recorded as a request records it; not handed to the queue, so only the dying process starts it. */
  async function record(channel: 'sms' | 'email', to: string, text: string) {
    const [id] = await recordMessages(t.db, [
      { channel, to, topic: 'payment', subject: 'Payment received', text, key: `killed:${to}:${Date.now()}` },
    ]);
    return id as string;
  }

  /** The dying process: claims the delivery with the worker's own code, then `dies` at a point of the send. */
  function startThenDie(id: string, dies: 'before the provider' | 'after the provider accepted') {
    const dying: Senders = {
      sms: async (d) => (dies === 'before the provider' ? never() : real.sms(d).then(never)),
      email: async (d) => (dies === 'before the provider' ? never() : real.email(d).then(never)),
    };
    void deliver(t.app.deps, dying, { data: { id }, retryCount: 0 });
  }

  /** What the sweep and the worker of the living processes do once the claim is stale. */
  async function followUp(id: string) {
    // While the claim holds, the process may only be slow: a second job for it finds nothing to claim.
    await t.app.deps.jobs.enqueue('messages.deliver', [id]);
    await pause(1_000);
    expect(await delivery(id)).toMatchObject({ status: 'sending', attempts: 1 });
    // Past it, the sweep (every minute, and at each start) hands it to the queue again.
    await pause(CLAIM_SECONDS * 1_000);
    expect(await requeueStranded(t.app.deps)).toBeGreaterThanOrEqual(1);
    return eventually(async () => {
      const d = await delivery(id);
      return d.status === 'sent' ? d : null;
    });
  }

  it('sends a text the provider had accepted a second time: it may go twice', async () => {
    const to = '+2348035557001';
    const id = await record('sms', to, 'We received your payment of ₦65,000.');
    startThenDie(id, 'after the provider accepted');
    await eventually(async () => textsTo(to).length === 1);
    expect(await delivery(id)).toMatchObject({ status: 'sending', attempts: 1 });

    const done = await followUp(id);
    expect(done.attempts).toBe(2);
    const texts = textsTo(to);
    expect(texts).toHaveLength(2);
    // The same text by the same route: Termii has no key to recognise the copy.
    expect(texts[1]?.body).toEqual(texts[0]?.body);
    expect(texts[0]?.body).toMatchObject({ channel: 'dnd', sms: 'We received your payment of ₦65,000.' });
  });

  it('sends a text the process died before handing over exactly once: it never goes not at all', async () => {
    const to = '+2348035557002';
    const id = await record('sms', to, 'Your rent is due in 7 days.');
    startThenDie(id, 'before the provider');
    await eventually(async () => (await delivery(id)).status === 'sending');
    expect(textsTo(to)).toHaveLength(0);

    const done = await followUp(id);
    expect(done.attempts).toBe(2);
    expect(textsTo(to)).toHaveLength(1);
  });

  it('sends an e-mail the mail server had accepted a second time, with the same Message-ID', async () => {
    const to = `killed.${Date.now()}@example.com`;
    const id = await record('email', to, 'We received your payment.');
    startThenDie(id, 'after the provider accepted');
    const mailsTo = () => smtp.received.filter((m) => m.to.includes(to));
    await eventually(async () => mailsTo().length === 1);

    await followUp(id);
    const mails = mailsTo();
    expect(mails).toHaveLength(2);
    // What lets a mail system drop the copy (RFC 5322); nothing guarantees that it does.
    expect(mails.map((m) => m.messageId)).toEqual([`<${id}@localhost>`, `<${id}@localhost>`]);
  });
});
