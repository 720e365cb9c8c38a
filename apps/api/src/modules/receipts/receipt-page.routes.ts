import {
  COMPANY,
  formatLagosDateTime,
  formatNaira,
  PAYMENT_KIND_OF,
  type PaymentKind,
  type ReceiptVerification,
} from '@studynest/contracts';
import { paymentLabel } from '@studynest/contracts/receipt';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { perIpLimit } from '../../lib/route-options.ts';
import { RECEIPT_NUMBER } from '../payments/index.ts';
import { findReceipt, receiptNumberOf } from './receipts.service.ts';

const CodeParams = z.object({ code: z.string().check(z.maxLength(100)) });
const CheckQuery = z.object({
  receipt_number: z.optional(z.string().check(z.maxLength(40))),
  amount: z.optional(z.string().check(z.maxLength(40))),
});

/** What a holder of the printout is told beside the payment's name (paymentLabel, as on the receipt). */
const WHAT_IT_IS: Record<PaymentKind, string> = {
  agent_fee: 'room inspection',
  rent: '12 months',
  caution_fee: 'returned at move-out',
};
const purpose = (kind: PaymentKind) => `${paymentLabel(kind)} (${WHAT_IT_IS[kind]})`;

function genuine(r: ReceiptVerification) {
  const rows: [string, string][] = [
    ['Receipt number', r.receipt_number],
    ['Amount', formatNaira(r.amount)],
    ['For', purpose(PAYMENT_KIND_OF[r.payment_type])],
    ['Paid on', `${formatLagosDateTime(r.paid_at)} (Lagos time)`],
    ['Hostel', r.hostel_name],
    ['Room', `${r.room_number} (${r.unit})`],
    ['Paid by', r.payer],
    [
      'Status',
      r.status === 'paid'
        ? 'Paid'
        : r.refunded_amount >= r.amount
          ? 'Refunded'
          : `Partly refunded (${formatNaira(r.refunded_amount)})`,
    ],
  ];
  return `<h1 class="ok">✓ Genuine StudyNest receipt</h1>
<p>${escapeHtml(COMPANY.name)} received this payment. Check that the printout says the same.</p>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')}</dl>`;
}

const notGenuine = (what: string) => `<h1 class="bad">✗ Not a StudyNest receipt</h1>
<p>${escapeHtml(what)}</p>
<p>Do not accept it as proof of payment. Ask the payer to download the receipt again from their StudyNest account, or write to ${escapeHtml(COMPANY.name)}, ${escapeHtml(COMPANY.postalAddress)}.</p>`;

const checkForm = (receiptNumber = '', amount = '') => `<h2>Check a printed receipt</h2>
<form method="get" action="/verify">
<label for="receipt_number">Receipt number</label>
<input id="receipt_number" name="receipt_number" value="${escapeHtml(receiptNumber)}" placeholder="SN-2026-000123" autocomplete="off" required>
<label for="amount">Amount in naira</label>
<input id="amount" name="amount" value="${escapeHtml(amount)}" inputmode="numeric" placeholder="185,000" autocomplete="off" required>
<button type="submit" class="pay">Check</button>
</form>`;

/** "₦185,000", "185,000" or "185000" → 185000; anything else → null. */
const nairaOf = (s: string) => {
  const digits = s.replace(/[₦,\s]|NGN/gi, '');
  return /^\d{1,10}$/.test(digits) ? Number(digits) : null;
};

/**
 * Checks of a printout by number and amount one client address may make in an hour. Receipt
 * numbers run in order and amounts are a few prices, so the form could be used to find receipts
 * by guessing; a person checking the printouts in front of them stays far below it.
 */
export const RECEIPT_CHECKS_PER_HOUR = 30;

/**
 * The page a receipt's QR code opens, and a form to check a printout by number and amount: plain
 * HTML that works on any phone without scripts (docs/domain.md, Receipts). Outside /api: a page.
 */
export const receiptPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const send = (status: number, body: string) => ({
    status,
    html: htmlPage({ title: 'Check a receipt — StudyNest', body }),
  });

  // Someone on a phone opened a page: past a limit, they get a page that says when to come back.
  app.setErrorHandler((err, _request, reply) => {
    if (!(err instanceof AppError) || err.statusCode !== 429) throw err;
    return reply
      .status(429)
      .headers({ ...htmlPageHeaders("'none'"), ...err.headers })
      .type('text/html; charset=utf-8')
      .send(
        htmlPage({
          title: 'Too many checks — StudyNest',
          body: `<h1 class="bad">Too many checks from this connection</h1>
<p>${escapeHtml(err.message)}</p>
<p class="note">We limit how often receipts can be checked from one connection, so that nobody can find receipts by guessing their numbers.</p>`,
        }),
      );
  });

  app.get(
    '/verify/:code',
    { config: perIpLimit(deps.config, 60, '1 minute'), schema: { hide: true, params: CodeParams } },
    async (request, reply) => {
      const receiptNumber = receiptNumberOf(deps, request.params.code);
      const receipt = receiptNumber ? await findReceipt(deps, receiptNumber) : null;
      const page = receipt
        ? send(200, genuine(receipt) + checkForm())
        : send(
            404,
            notGenuine('This code was not issued by StudyNest, or it was changed or cut short.') +
              checkForm(),
          );
      return reply
        .status(page.status)
        .headers(htmlPageHeaders("'self'"))
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );

  app.get(
    '/verify',
    // A receipt number and an amount are easier to guess than a code (which carries a MAC): a tighter limit.
    {
      config: perIpLimit(deps.config, RECEIPT_CHECKS_PER_HOUR, '1 hour'),
      schema: { hide: true, querystring: CheckQuery },
    },
    async (request, reply) => {
      const number = (request.query.receipt_number ?? '').trim().toUpperCase();
      const amountText = (request.query.amount ?? '').trim();
      let page: { status: number; html: string };
      if (!number && !amountText) {
        page = send(
          200,
          `<h1>Check a StudyNest receipt</h1><p>Scan the QR code on the receipt, or type what it says.</p>${checkForm()}`,
        );
      } else {
        const amount = nairaOf(amountText);
        const receipt =
          RECEIPT_NUMBER.test(number) && amount !== null ? await findReceipt(deps, number) : null;
        page =
          receipt && receipt.amount === amount
            ? send(200, genuine(receipt) + checkForm())
            : send(
                404,
                notGenuine(
                  'No StudyNest payment has this receipt number and amount. Check both against the printout (the number looks like SN-2026-000123).',
                ) + checkForm(number, amountText),
              );
      }
      return reply
        .status(page.status)
        .headers(htmlPageHeaders("'self'"))
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
};
