import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CHECKOUT_CHANNELS, PAYMENT_CHANNELS, type PaymentChannel } from '@studynest/contracts';
import { AppError, unauthorized } from '../lib/errors.ts';
import {
  type AssignedAccount,
  type DedicatedAccountAnswer,
  type ListedRefund,
  type PaymentProvider,
  type Period,
  type PeriodRefund,
  ProviderUnreachable,
  type RefundResult,
  type SettledTransaction,
  type VerifyResult,
  type VerifyStatus,
  type WebhookEvent,
} from './provider.ts';

/** A channel Paystack reports, when it is one of ours. */
const channelOf = (value: unknown): PaymentChannel | undefined =>
  (PAYMENT_CHANNELS as readonly string[]).includes(String(value)) ? (value as PaymentChannel) : undefined;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** A dedicated account as Paystack's answers and its assign webhook carry it. */
function accountOf(data: Record<string, unknown> | undefined): AssignedAccount | undefined {
  const bank = data?.bank as { name?: unknown } | undefined;
  const number = text(data?.account_number);
  if (!data || !number) return undefined;
  return {
    providerAccountId: data.id === undefined || data.id === null ? null : String(data.id),
    bankName: text(bank?.name) ?? 'Bank',
    accountNumber: number,
    accountName: text(data.account_name) ?? '',
  };
}

/** Paystack's refusal of a dedicated account because the business may not have them (not approved). */
const NOT_APPROVED = /not (available|enabled|approved|allowed)|not been (enabled|approved)|unavailable/i;

type PaystackEnvelope = { status?: boolean; message?: string; data?: Record<string, unknown> };

/** HMAC-SHA512 of the exact bytes Paystack sent, keyed with the secret key, as hex. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

function sameSignature(expectedHex: string, given: string): boolean {
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  // timingSafeEqual throws on different lengths; a wrong length is simply a wrong signature.
  return a.length === b.length && timingSafeEqual(a, b);
}

const STATUSES: Record<string, VerifyStatus> = {
  success: 'success',
  failed: 'failed',
  reversed: 'failed',
  abandoned: 'abandoned',
  ongoing: 'pending',
  pending: 'pending',
  processing: 'pending',
  queued: 'pending',
};

/** Paystack's refund statuses (`needs-attention` waits on Paystack's team: still pending for us). */
const REFUND_STATUSES: Record<string, RefundResult['status']> = {
  pending: 'pending',
  processing: 'pending',
  'needs-attention': 'pending',
  processed: 'processed',
  failed: 'failed',
};

/** A refund as Paystack's create and fetch answers carry it. */
function refundResultOf(data: Record<string, unknown>, raw: unknown): RefundResult {
  const status = REFUND_STATUSES[String(data.status ?? '').toLowerCase()] ?? 'pending';
  return {
    status,
    providerRefundId: data.id === undefined || data.id === null ? null : String(data.id),
    ...(status === 'failed' ? { failureReason: 'Paystack could not pay this refund back' } : {}),
    raw,
  };
}

/** A period as Paystack's lists take it (ISO instants). */
const periodQuery = (period: Period) => ({ from: period.from.toISOString(), to: period.to.toISOString() });

/** Paystack over plain fetch: a few endpoints and one HMAC (its npm wrappers are unmaintained). */
export function createPaystackProvider(opts: {
  secretKey: string;
  baseUrl: string;
  /** After this long without an answer, a call's outcome is unknown. */
  timeoutMs: number;
  /** Dedicated accounts are on (PAYSTACK_DEDICATED_ACCOUNTS) and the bank to ask for (PAYSTACK_PREFERRED_BANK). */
  dedicatedAccounts?: boolean;
  preferredBank?: string;
}): PaymentProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
    } catch {
      throw new ProviderUnreachable();
    }
    if (res.status >= 500) throw new ProviderUnreachable();
    let json: PaystackEnvelope;
    try {
      json = (await res.json()) as PaystackEnvelope;
    } catch {
      throw new ProviderUnreachable();
    }
    return { httpStatus: res.status, json };
  }

  /** Every page of a Paystack list (100 at a time, its `meta.pageCount` says how many). */
  async function allPages(path: string, query: Record<string, string>): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    for (let page = 1; page <= 1000; page++) {
      const params = new URLSearchParams({ ...query, perPage: '100', page: String(page) });
      const { httpStatus, json } = await call('GET', `${path}?${params}`);
      const data = (json as { data?: unknown }).data;
      // A list Paystack will not give is a list we do not have: the run fails, it is not empty.
      if (httpStatus >= 400 || !json.status || !Array.isArray(data)) throw new ProviderUnreachable();
      items.push(...(data as Record<string, unknown>[]));
      const pageCount = Number((json as { meta?: { pageCount?: unknown } }).meta?.pageCount ?? 1);
      if (page >= pageCount || data.length === 0) break;
    }
    return items;
  }

  return {
    name: 'paystack',

    async initialize({ reference, amountNaira, email, callbackUrl, description, metadata }) {
      const { httpStatus, json } = await call('POST', '/transaction/initialize', {
        email,
        amount: amountNaira * 100, // kobo
        reference,
        callback_url: callbackUrl,
        currency: 'NGN',
        // Sent explicitly, so the checkout offers what we show and nothing the business did not mean.
        channels: [...CHECKOUT_CHANNELS],
        metadata: { ...metadata, description },
      });
      const link = json.data?.authorization_url;
      if (httpStatus >= 400 || !json.status || typeof link !== 'string') {
        throw new AppError(
          502,
          `The payment provider refused to start this payment${json.message ? `: ${json.message}` : ''}. Please try again later.`,
        );
      }
      return { checkoutLink: link };
    },

    async verify(reference): Promise<VerifyResult> {
      const { httpStatus, json } = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const data = json.data;
      if (httpStatus >= 400 || !json.status || !data) {
        // Paystack does not know this reference (yet): nothing to apply.
        return { status: 'pending', amountNaira: 0, currency: 'NGN', raw: json };
      }
      const kobo = Number(data.amount ?? data.requested_amount ?? 0);
      const paidAtRaw = data.paid_at ?? data.paidAt;
      const paidAt = typeof paidAtRaw === 'string' ? new Date(paidAtRaw) : undefined;
      const channel = channelOf(data.channel);
      const customer = data.customer as { customer_code?: unknown } | undefined;
      const authorization = data.authorization as Record<string, unknown> | undefined;
      return {
        ...(channel ? { channel } : {}),
        ...(channel === 'dedicated_nuban'
          ? {
              transfer: {
                customerCode: text(customer?.customer_code),
                accountNumber: text(authorization?.receiver_bank_account_number),
                sender:
                  [text(authorization?.sender_name), text(authorization?.sender_bank)]
                    .filter(Boolean)
                    .join(', ') || null,
              },
            }
          : {}),
        status: STATUSES[String(data.status ?? '').toLowerCase()] ?? 'pending',
        amountNaira: Number.isFinite(kobo) ? kobo / 100 : 0,
        currency: String(data.currency ?? ''),
        paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : undefined,
        raw: json,
      };
    },

    async refund({ reference, amountNaira, reason }): Promise<RefundResult> {
      const { httpStatus, json } = await call('POST', '/refund', {
        transaction: reference,
        amount: amountNaira * 100, // kobo
        currency: 'NGN',
        merchant_note: reason,
      });
      if (httpStatus >= 400 || !json.status || !json.data) {
        // Refused outright (already refunded, more than the transaction, unknown transaction): final.
        return {
          status: 'failed',
          providerRefundId: null,
          failureReason: `Paystack refused the refund${json.message ? `: ${json.message}` : ''}`,
          raw: json,
        };
      }
      return refundResultOf(json.data, json);
    },

    async refundStatus(providerRefundId): Promise<RefundResult> {
      const { httpStatus, json } = await call('GET', `/refund/${encodeURIComponent(providerRefundId)}`);
      // Not known (yet): nothing to change.
      if (httpStatus >= 400 || !json.status || !json.data)
        return { status: 'pending', providerRefundId, raw: json };
      return refundResultOf(json.data, json);
    },

    async listRefunds(reference): Promise<ListedRefund[]> {
      const { httpStatus, json } = await call(
        'GET',
        `/refund?transaction=${encodeURIComponent(reference)}&perPage=100`,
      );
      const list = (json as { data?: unknown }).data;
      if (httpStatus >= 400 || !json.status || !Array.isArray(list)) return [];
      return list.flatMap((item: Record<string, unknown>) => {
        const listed = refundResultOf(item, item);
        const kobo = Number(item.amount);
        return listed.providerRefundId && Number.isFinite(kobo)
          ? [{ ...listed, providerRefundId: listed.providerRefundId, amountNaira: kobo / 100 }]
          : [];
      });
    },

    async listSettledTransactions(period): Promise<SettledTransaction[]> {
      const items = await allPages('/transaction', { status: 'success', ...periodQuery(period) });
      return items.flatMap((item) => {
        const kobo = Number(item.amount);
        const paidAt = new Date(String(item.paid_at ?? item.paidAt ?? ''));
        const reference = item.reference;
        return typeof reference === 'string' && Number.isFinite(kobo) && !Number.isNaN(paidAt.getTime())
          ? [{ reference, amountNaira: kobo / 100, currency: String(item.currency ?? ''), paidAt }]
          : [];
      });
    },

    async listRefundsMade(period): Promise<PeriodRefund[]> {
      const items = await allPages('/refund', periodQuery(period));
      return items.flatMap((item) => {
        const listed = refundResultOf(item, item);
        const kobo = Number(item.amount);
        const trx = item.transaction as { reference?: unknown } | number | string | undefined;
        const reference =
          item.transaction_reference ?? (trx && typeof trx === 'object' ? trx.reference : undefined);
        const createdAt = new Date(String(item.createdAt ?? item.created_at ?? ''));
        return listed.providerRefundId && typeof reference === 'string' && Number.isFinite(kobo)
          ? [
              {
                ...listed,
                providerRefundId: listed.providerRefundId,
                amountNaira: kobo / 100,
                reference,
                createdAt,
              },
            ]
          : [];
      });
    },

    dedicatedAccounts: opts.dedicatedAccounts
      ? { offered: true }
      : {
          offered: false,
          message:
            'Account numbers of your own are not available yet: pay at checkout (card, bank transfer or USSD).',
        },

    async createCustomer({ email, firstName, lastName, phone }) {
      const { httpStatus, json } = await call('POST', '/customer', {
        email,
        first_name: firstName,
        last_name: lastName,
        ...(phone ? { phone } : {}),
      });
      const code = text(json.data?.customer_code);
      if (httpStatus >= 400 || !json.status || !code) {
        throw new AppError(
          502,
          `The payment provider would not register you as a customer${json.message ? `: ${json.message}` : ''}. Please try again later.`,
        );
      }
      return { customerCode: code };
    },

    async requestDedicatedAccount(customerCode): Promise<DedicatedAccountAnswer> {
      const { httpStatus, json } = await call('POST', '/dedicated_account', {
        customer: customerCode,
        preferred_bank: opts.preferredBank ?? 'wema-bank',
      });
      if (httpStatus >= 400 || !json.status) {
        const said = json.message ?? 'no reason given';
        return NOT_APPROVED.test(said)
          ? {
              state: 'unavailable',
              message: `Account numbers of your own are not available: the business is not approved for them by Paystack (${said}).`,
            }
          : { state: 'failed', message: `Paystack could not give you an account number: ${said}` };
      }
      const account = accountOf(json.data);
      // Paystack may answer at once, or later through dedicatedaccount.assign.success.
      return account && json.data?.assigned !== false
        ? { state: 'assigned', account }
        : { state: 'requested' };
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null {
      const header = headers['x-paystack-signature'];
      const given = Array.isArray(header) ? header[0] : header;
      if (!given || !sameSignature(paystackSignature(rawBody, opts.secretKey), given)) {
        throw unauthorized('The webhook signature is not valid');
      }
      let parsed: {
        event?: unknown;
        data?: {
          reference?: unknown;
          transaction_reference?: unknown;
          id?: unknown;
          amount?: unknown;
          channel?: unknown;
          customer?: { customer_code?: unknown };
          dedicated_account?: Record<string, unknown> | null;
          identification?: { status?: unknown };
        };
      };
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (
        parsed?.event === 'dedicatedaccount.assign.success' ||
        parsed?.event === 'dedicatedaccount.assign.failed'
      ) {
        const customerCode = text(parsed.data?.customer?.customer_code);
        if (!customerCode) return null;
        const account = accountOf(parsed.data?.dedicated_account ?? undefined);
        return {
          event: parsed.event,
          reference: '',
          customerCode,
          ...(account ? { account } : {}),
          ...(parsed.event === 'dedicatedaccount.assign.failed'
            ? { failure: 'Paystack could not give you an account number (identification failed)' }
            : {}),
        };
      }
      // Refund events name the refunded payment as `transaction_reference`.
      const reference = parsed?.data?.transaction_reference ?? parsed?.data?.reference;
      if (typeof parsed?.event !== 'string' || typeof reference !== 'string' || !reference) return null;
      if (!parsed.event.startsWith('refund.')) {
        const channel = text(parsed.data?.channel);
        return { event: parsed.event, reference, ...(channel ? { channel } : {}) };
      }
      const id = parsed.data?.id;
      const kobo = Number(parsed.data?.amount);
      return {
        event: parsed.event,
        reference,
        ...(typeof id === 'string' || typeof id === 'number' ? { refundId: String(id) } : {}),
        ...(Number.isFinite(kobo) && kobo > 0 ? { amountNaira: kobo / 100 } : {}),
      };
    },
  };
}
