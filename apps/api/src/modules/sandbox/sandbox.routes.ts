import { createHash } from 'node:crypto';
import {
  CHECKOUT_CHANNELS,
  formatNaira,
  PAYMENT_CHANNEL_LABELS,
  type PaymentChannel,
} from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { isLoopbackPeer } from '../../lib/loopback.ts';
import { decideCheckout, SANDBOX_BANK } from './sandbox.provider.ts';
import { sandboxCheckouts } from './sandbox.schema.ts';

const ParamsSchema = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A stable pretend number per checkout: what the page shows, as Paystack shows one per transfer checkout. */
const digitsOf = (reference: string, n: number) =>
  String(Number.parseInt(createHash('sha256').update(reference).digest('hex').slice(0, 12), 16))
    .slice(-n)
    .padStart(n, '0');

/**
 * The three ways of paying the checkout offers (CHECKOUT_CHANNELS), each settled its own way, as at
 * Paystack's: a card is paid at once; a bank transfer shows an account to send to, then "I have sent
 * it"; USSD shows a code to dial, then "I have dialled it". Plain forms; no scripts.
 */
function channelChoices(ref: string, reference: string, amount: number): string {
  const naira = escapeHtml(formatNaira(amount));
  const form = (channel: PaymentChannel, button: string) =>
    `<form method="post" action="/sandbox/checkout/${ref}/pay"><input type="hidden" name="channel" value="${channel}"><button type="submit" class="pay">${button}</button></form>`;
  const say: Record<(typeof CHECKOUT_CHANNELS)[number], string> = {
    card: `<p>Test card 4084 0840 8408 4081, any date ahead, CVV 408.</p>${form('card', `Pay ${naira}`)}`,
    bank_transfer: `<p>Send exactly ${naira} to <strong>${escapeHtml(SANDBOX_BANK)}</strong>, account <strong>99${digitsOf(reference, 8)}</strong> (this payment only).</p>${form('bank_transfer', 'I have sent it')}`,
    ussd: `<p>Dial <strong>*737*000*${digitsOf(reference, 4)}#</strong> on your phone and approve ${naira}.</p>${form('ussd', 'I have dialled it')}`,
  };
  return CHECKOUT_CHANNELS.map(
    (channel) =>
      `<section class="channel"><h2>${escapeHtml(PAYMENT_CHANNEL_LABELS[channel])}</h2>${say[channel]}</section>`,
  ).join('\n');
}

/** The channel a Pay form names (card when it names none, as the plain Pay of older pages). */
function chosenChannel(body: unknown): PaymentChannel {
  const named = new URLSearchParams(typeof body === 'string' ? body : '').get('channel');
  return (CHECKOUT_CHANNELS as readonly string[]).includes(named ?? '') ? (named as PaymentChannel) : 'card';
}

/** Where the provider sends the browser back, with the reference the way Paystack adds it. */
function returnUrl(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

/**
 * The built-in sandbox checkout (docs/domain.md, "Sandbox payments"): our own page stands in for
 * Paystack's, so the whole payment journey works offline. Plain HTML forms, no scripts (our CSP
 * allows none inline).
 *
 * Anyone holding a reference could mark that payment paid here, so the pages answer only callers
 * on this machine (`isLoopbackPeer`) unless the operator lets others in (SANDBOX_REMOTE, a shared
 * demo), and show no payer details: a reference is not proof of who is asking.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  /**
   * Told of every decision, as Paystack's webhook tells us, so the outcome is applied even if the
   * browser never comes back (app.ts hands in the checkout's "ask the provider and apply").
   */
  onDecided: (reference: string) => Promise<void>;
}> = async (app, { onDecided }) => {
  const { deps } = app;
  const { config } = deps;
  const enabled = config.payments.provider === 'sandbox';

  // The Pay / Cancel forms post url-encoded bodies we do not need to read.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
  }

  /** Guard of every checkout route: absent (404) when off, or for a caller it does not serve. */
  const checkoutOpen = async (request: FastifyRequest) => {
    if (!enabled || (!config.payments.sandboxRemote && !isLoopbackPeer(request))) {
      throw notFound('The sandbox checkout is not available on this server');
    }
  };

  async function load(reference: string) {
    const [checkout] = await deps.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.reference, reference))
      .limit(1);
    if (!checkout) throw notFound('No test payment has this reference');
    return { checkout, callbackUrl: checkout.callbackUrl ?? `${config.publicUrl}/` };
  }

  // Pay/Cancel redirect to the callback page, which may be one of WEB_ORIGINS: allow exactly those.
  const pageHeaders = (callbackUrl: string) =>
    htmlPageHeaders(
      `'self' ${[...new Set([...config.trustedOrigins, new URL(callbackUrl).origin])].join(' ')}`,
    );

  app.get(
    '/sandbox/checkout/:reference',
    { onRequest: checkoutOpen, schema: { hide: true, params: ParamsSchema } },
    async (request, reply) => {
      const { checkout, callbackUrl } = await load(request.params.reference);
      const details = `
<dl>
<dt>For</dt><dd>${escapeHtml(checkout.description)}</dd>
<dt>Reference</dt><dd>${escapeHtml(checkout.reference)}</dd>
</dl>`;
      const amount = `<p class="amount">${escapeHtml(formatNaira(checkout.amount))}</p>`;
      const ref = encodeURIComponent(checkout.reference);
      const body = !checkout.outcome
        ? `<h1>Pay StudyNest</h1>${amount}${details}
${channelChoices(ref, checkout.reference, checkout.amount)}
<div class="actions">
<form method="post" action="/sandbox/checkout/${ref}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>
<p class="note">This is the built-in test checkout. Each way of paying records a successful test payment made that way; no money moves.</p>`
        : `<h1>${checkout.outcome === 'paid' ? 'This payment is complete' : 'This payment was not completed'}</h1>${amount}${details}
<a class="button pay" href="${escapeHtml(returnUrl(callbackUrl, checkout.reference))}">Back to StudyNest</a>`;
      return reply
        .headers(pageHeaders(callbackUrl))
        .type('text/html; charset=utf-8')
        .send(
          htmlPage({
            title: 'Checkout — StudyNest test payment',
            banner: 'TEST PAYMENT — no real money moves',
            body,
          }),
        );
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/sandbox/checkout/:reference/${action}`,
      { onRequest: checkoutOpen, schema: { hide: true, params: ParamsSchema } },
      async (request, reply) => {
        const { checkout, callbackUrl } = await load(request.params.reference);
        // The first decision stands; pressing again (back button, double submit) changes nothing.
        await decideCheckout(
          deps.db,
          checkout.reference,
          action === 'pay' ? 'paid' : 'cancelled',
          undefined,
          action === 'pay' ? chosenChannel(request.body) : undefined,
        );
        await onDecided(checkout.reference);
        return reply.redirect(returnUrl(callbackUrl, checkout.reference), 303);
      },
    );
  }
};
