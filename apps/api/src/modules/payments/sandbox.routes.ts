import { formatNaira } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { hostels, payments, rooms } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { isLoopbackPeer } from '../../lib/loopback.ts';
import { applyProviderResult } from './payment-apply.service.ts';
import { mergeProviderData } from './payment-rules.ts';
import { sandboxDecisionOf } from './providers/sandbox.ts';

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
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { config, payments: provider } = deps;
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
    const [row] = await deps.db
      .select({ payment: payments, room: rooms, hostel: hostels })
      .from(payments)
      .innerJoin(rooms, eq(rooms.id, payments.roomId))
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .where(and(eq(payments.reference, reference), eq(payments.provider, 'sandbox')))
      .limit(1);
    if (!row) throw notFound('No test payment has this reference');
    const callbackUrl = (row.payment.providerData as { callbackUrl?: string } | null)?.callbackUrl;
    return { ...row, callbackUrl: callbackUrl ?? `${config.publicUrl}/` };
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
      const { payment, room, hostel, callbackUrl } = await load(request.params.reference);
      const purpose =
        payment.kind === 'agent_fee'
          ? `Agent fee for the inspection of ${room.roomNumber} (${room.unit}) at ${hostel.hostelName}`
          : payment.kind === 'caution_fee'
            ? `Caution deposit for ${room.roomNumber} (${room.unit}) at ${hostel.hostelName}`
            : `Rent for 12 months: ${room.roomNumber} (${room.unit}) at ${hostel.hostelName}`;
      const details = `
<dl>
<dt>For</dt><dd>${escapeHtml(purpose)}</dd>
<dt>Reference</dt><dd>${escapeHtml(payment.reference)}</dd>
</dl>`;
      const amount = `<p class="amount">${escapeHtml(formatNaira(payment.amount))}</p>`;
      const ref = encodeURIComponent(payment.reference);
      const decision = sandboxDecisionOf(payment.providerData);
      const body =
        payment.status === 'pending' && !decision
          ? `<h1>Pay StudyNest</h1>${amount}${details}
<div class="actions">
<form method="post" action="/sandbox/checkout/${ref}/pay"><button type="submit" class="pay">Pay ${escapeHtml(formatNaira(payment.amount))}</button></form>
<form method="post" action="/sandbox/checkout/${ref}/cancel"><button type="submit" class="cancel">Cancel</button></form>
</div>
<p class="note">This is the built-in test checkout. Pressing Pay records a successful test payment; no card is charged.</p>`
          : `<h1>${decision?.outcome === 'cancelled' || payment.status !== 'success' ? 'This payment was not completed' : 'This payment is complete'}</h1>${amount}${details}
<a class="button pay" href="${escapeHtml(returnUrl(callbackUrl, payment.reference))}">Back to StudyNest</a>`;
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
        const { payment, callbackUrl } = await load(request.params.reference);
        // The first decision stands; pressing again (back button, double submit) changes nothing.
        await deps.db
          .update(payments)
          .set({
            providerData: mergeProviderData({
              sandbox: {
                outcome: action === 'pay' ? 'paid' : 'cancelled',
                decidedAt: new Date().toISOString(),
              },
            }),
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(payments.id, payment.id),
              eq(payments.status, 'pending'),
              sql`(${payments.providerData} -> 'sandbox') is null`,
            ),
          );
        // Like Paystack's webhook: the outcome is applied even if the browser never comes back.
        await applyProviderResult(deps, payment.reference, await provider.verify(payment.reference));
        return reply.redirect(returnUrl(callbackUrl, payment.reference), 303);
      },
    );
  }
};
