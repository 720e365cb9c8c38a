import { formatNaira } from '@studynest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { isLoopbackPeer } from '../../lib/loopback.ts';
import { decideCheckout } from './sandbox.provider.ts';
import { sandboxCheckouts } from './sandbox.schema.ts';

const ParamsSchema = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) });

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
<div class="actions">
<form method="post" action="/sandbox/checkout/${ref}/pay"><button type="submit" class="pay">Pay ${escapeHtml(formatNaira(checkout.amount))}</button></form>
<form method="post" action="/sandbox/checkout/${ref}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>
<p class="note">This is the built-in test checkout. Pressing Pay records a successful test payment; no card is charged.</p>`
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
        await decideCheckout(deps.db, checkout.reference, action === 'pay' ? 'paid' : 'cancelled');
        await onDecided(checkout.reference);
        return reply.redirect(returnUrl(callbackUrl, checkout.reference), 303);
      },
    );
  }
};
