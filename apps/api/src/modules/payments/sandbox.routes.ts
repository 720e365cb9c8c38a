import { formatNaira } from '@studynest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { hostels, payments, rooms, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { applyProviderResult } from './payment-apply.service.ts';
import { mergeProviderData } from './payment-rules.ts';
import { sandboxDecisionOf } from './providers/sandbox.ts';

const ParamsSchema = z.object({ reference: z.string().check(z.minLength(1), z.maxLength(100)) });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Where the provider sends the browser back, with the reference the way Paystack adds it. */
function returnUrl(callbackUrl: string, reference: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('reference', reference);
  url.searchParams.set('trxref', reference);
  return url.toString();
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
main{max-width:28rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fef3c7;border:2px dashed #b45309;color:#78350f;border-radius:.5rem;padding:.75rem 1rem;font-weight:700;text-align:center}
.card{background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem;margin-top:1rem}
h1{font-size:1.25rem;margin:0 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-word}
.amount{font-size:2rem;font-weight:800;margin:.25rem 0 1rem}
.actions{display:flex;gap:.75rem}
.actions form{flex:1}
button,a.button{display:block;width:100%;box-sizing:border-box;border:0;border-radius:.5rem;padding:.8rem 1rem;font-size:1rem;font-weight:700;cursor:pointer;text-align:center;text-decoration:none}
.pay{background:#15803d;color:#fff}.cancel{background:#e5e7eb;color:#111827}
button:focus-visible,a.button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
p.note{color:#4b5563;font-size:.875rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — StudyNest test payment</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">TEST PAYMENT — no real money moves</p>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

/**
 * The built-in sandbox checkout (docs/domain.md, "Sandbox payments"): our own page stands in for
 * Paystack's, so the whole payment journey works offline. Plain HTML forms, no scripts (our CSP
 * allows none inline).
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

  async function load(reference: string) {
    if (!enabled) throw notFound('The sandbox checkout is not available on this server');
    const [row] = await deps.db
      .select({ payment: payments, room: rooms, hostel: hostels, email: users.email })
      .from(payments)
      .innerJoin(rooms, eq(rooms.id, payments.roomId))
      .innerJoin(hostels, eq(hostels.id, payments.hostelId))
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(eq(payments.reference, reference), eq(payments.provider, 'sandbox')))
      .limit(1);
    if (!row) throw notFound('No test payment has this reference');
    const callbackUrl = (row.payment.providerData as { callbackUrl?: string } | null)?.callbackUrl;
    return { ...row, callbackUrl: callbackUrl ?? `${config.publicUrl}/` };
  }

  const pageHeaders = (callbackUrl: string) => ({
    'cache-control': 'no-store',
    // Pay/Cancel redirect to the callback page, which may be one of WEB_ORIGINS: allow exactly those.
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action 'self' ${[...new Set([...config.trustedOrigins, new URL(callbackUrl).origin])].join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
  });

  app.get(
    '/sandbox/checkout/:reference',
    { schema: { hide: true, params: ParamsSchema } },
    async (request, reply) => {
      const { payment, room, hostel, email, callbackUrl } = await load(request.params.reference);
      const purpose =
        payment.kind === 'agent_fee'
          ? `Agent fee for the inspection of ${room.roomNumber} (${room.unit}) at ${hostel.hostelName}`
          : `Rent for 12 months: ${room.roomNumber} (${room.unit}) at ${hostel.hostelName}`;
      const details = `
<dl>
<dt>For</dt><dd>${escapeHtml(purpose)}</dd>
<dt>Payer</dt><dd>${escapeHtml(email)}</dd>
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
        .send(page('Checkout', body));
    },
  );

  for (const action of ['pay', 'cancel'] as const) {
    app.post(
      `/sandbox/checkout/:reference/${action}`,
      { schema: { hide: true, params: ParamsSchema } },
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
