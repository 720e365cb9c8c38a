import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOutcome = 'abandoned' | 'success' | 'failed';

export type FakeTransaction = {
  reference: string;
  /** What we were asked to charge, in kobo. */
  amount: number;
  email: string;
  currency: string;
  callbackUrl: string;
  metadata: unknown;
  /** The channels the checkout was told to offer (`channels` of the initialize call). */
  channels?: unknown;
  status: FakeOutcome;
  /** What verify reports as charged (defaults to `amount`), to simulate tampering at the provider. */
  paidAmount?: number;
  paidCurrency?: string;
  paidAt?: string;
  /** How it was paid: `card` unless it is a transfer to a dedicated account (`dedicated_nuban`). */
  channel?: string;
  /** A transfer to a dedicated account: the customer and the account it reached. */
  customerCode?: string;
  accountNumber?: string;
};

/** A customer and her dedicated account, as Paystack keeps them. */
export type FakeCustomer = {
  code: string;
  email: string;
  account: { id: number; number: string; bank: string; name: string } | null;
};

export type FakeRefundStatus = 'pending' | 'processing' | 'processed' | 'failed';

export type FakeRefund = {
  id: number;
  /** The refunded transaction's reference. */
  reference: string;
  /** In kobo. */
  amount: number;
  merchantNote: string;
  status: FakeRefundStatus;
  /** When Paystack made it (now, when not given). */
  createdAt?: string;
};

export type FakePaystack = {
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** How many times each endpoint was called. */
  calls: {
    initialize: number;
    verify: number;
    refund: number;
    fetchRefund: number;
    customer: number;
    dedicatedAccount: number;
  };
  refunds: Map<number, FakeRefund>;
  /** The status a new refund starts in (Paystack queues them: `pending`). */
  refundStartsAs: FakeRefundStatus;
  /** Move a refund on, as Paystack's team would. */
  settleRefund(id: number, status: FakeRefundStatus): void;
  /** A signed `refund.processed` / `refund.failed` webhook for a refund, as Paystack sends it. */
  refundWebhook(
    id: number,
    event: 'refund.processed' | 'refund.failed',
  ): {
    body: string;
    headers: Record<string, string>;
  };
  customers: Map<string, FakeCustomer>;
  /**
   * How POST /dedicated_account answers: with the account at once, `later` (assigned by a webhook
   * the test sends), or refused because the business is `not_approved` for dedicated accounts.
   */
  dedicatedAccountAnswer: 'at_once' | 'later' | 'not_approved';
  /** Assign a customer's account now (as Paystack does before its assign webhook). */
  assignAccount(customerCode: string): FakeCustomer['account'];
  /** A signed `dedicatedaccount.assign.success` / `.failed` webhook for a customer. */
  assignWebhook(
    customerCode: string,
    event?: 'dedicatedaccount.assign.success' | 'dedicatedaccount.assign.failed',
  ): { body: string; headers: Record<string, string> };
  /**
   * Money reaches a customer's dedicated account (Paystack's own reference, paid now): returns the
   * reference; `transferWebhook` then makes its signed `charge.success` (channel dedicated_nuban).
   */
  receiveTransfer(customerCode: string, amountKobo: number): string;
  transferWebhook(reference: string): { body: string; headers: Record<string, string> };
  /** When true, every request gets a 503 (the provider is down). */
  down: boolean;
  /** How long POST /refund takes to answer, in ms (after it has done the work): a slow provider. */
  refundLatencyMs: number;
  /** When true, POST /refund does the work and then answers 500: the outcome looks unknown. */
  refundFailsAfterWork: boolean;
  /** Decide how a checkout ended, as the customer would at Paystack's page. */
  settle(
    reference: string,
    status: FakeOutcome,
    overrides?: { amountKobo?: number; currency?: string },
  ): void;
  /** A webhook body for `charge.success` of that reference, plus its valid signature header. */
  webhook(reference: string, event?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
};

/** The app's payment settings for talking to this fake (a short timeout where a test waits on one). */
export const paystackPayments = (
  fake: { url: string; secretKey: string },
  timeoutMs = 10_000,
  dedicatedAccounts = false,
) => ({
  provider: 'paystack' as const,
  paystackSecretKey: fake.secretKey,
  paystackBaseUrl: fake.url,
  paystackTimeoutMs: timeoutMs,
  dedicatedAccounts,
  preferredBank: 'test-bank',
  sandboxRemote: false,
});

/** x-paystack-signature for a body: HMAC-SHA512 with the secret key, as hex (what Paystack sends). */
export const signPaystackBody = (body: string | Buffer, secretKey: string) =>
  createHmac('sha512', secretKey).update(body).digest('hex');

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

/** A list's `from`/`to` query as a test of an ISO instant (no bounds: everything). */
function inPeriod(url: URL): (at: string) => boolean {
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  return (at) => Boolean(at) && (!from || at >= from) && (!to || at < to);
}

/** One page of a list, with Paystack's `meta` (perPage defaults to 50). */
function paged<T>(url: URL, all: T[]) {
  const perPage = Number(url.searchParams.get('perPage') ?? 50);
  const page = Number(url.searchParams.get('page') ?? 1);
  return {
    data: all.slice((page - 1) * perPage, page * perPage),
    meta: { total: all.length, perPage, page, pageCount: Math.max(1, Math.ceil(all.length / perPage)) },
  };
}

function refundData(r: FakeRefund) {
  return {
    id: r.id,
    integration: 100032,
    domain: 'test',
    transaction: { reference: r.reference },
    amount: r.amount,
    deducted_amount: r.amount,
    currency: 'NGN',
    channel: 'card',
    fully_deducted: true,
    merchant_note: r.merchantNote,
    customer_note: r.merchantNote,
    status: r.status,
    refunded_at: r.status === 'processed' ? new Date().toISOString() : null,
    createdAt: r.createdAt ?? new Date().toISOString(),
  };
}

/**
 * A local stand-in for api.paystack.co speaking the real request and response shapes of
 * POST /transaction/initialize, GET /transaction/verify/:reference, POST /refund and
 * GET /refund/:id, on 127.0.0.1.
 */
export async function startFakePaystack(secretKey = 'sk_test_x'): Promise<FakePaystack> {
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<number, FakeRefund>();
  const calls = { initialize: 0, verify: 0, refund: 0, fetchRefund: 0, customer: 0, dedicatedAccount: 0 };
  const customers = new Map<string, FakeCustomer>();
  let nextAccount = 7_000_000_000;
  let nextId = 1000;
  let nextRefundId = 5000;
  const state = {
    down: false,
    refundStartsAs: 'pending' as FakeRefundStatus,
    refundLatencyMs: 0,
    refundFailsAfterWork: false,
    dedicatedAccountAnswer: 'at_once' as 'at_once' | 'later' | 'not_approved',
  };
  const assignAccount = (code: string) => {
    const customer = customers.get(code);
    if (!customer) throw new Error(`fake paystack: unknown customer ${code}`);
    customer.account ??= {
      id: nextId++,
      number: String(nextAccount++),
      bank: 'Test Bank',
      name: `STUDYNEST/${customer.email}`,
    };
    return customer.account;
  };
  const accountData = (account: NonNullable<FakeCustomer['account']>) => ({
    bank: { name: account.bank, id: 1, slug: 'test-bank' },
    account_name: account.name,
    account_number: account.number,
    assigned: true,
    currency: 'NGN',
    active: true,
    id: account.id,
  });
  const signed = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signPaystackBody(body, secretKey),
      },
    };
  };

  const server = createServer(async (req, res) => {
    if (state.down) return send(res, 503, { status: false, message: 'Service Unavailable' });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { status: false, message: 'Invalid key' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      calls.initialize++;
      const body = await readJson(req);
      const reference = String(body.reference ?? '');
      const amount = Number(body.amount);
      if (!body.email || !Number.isInteger(amount) || amount <= 0) {
        return send(res, 400, { status: false, message: 'Invalid Amount Sent' });
      }
      if (!reference || transactions.has(reference)) {
        return send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
      }
      transactions.set(reference, {
        reference,
        amount,
        email: String(body.email),
        currency: String(body.currency ?? 'NGN'),
        callbackUrl: String(body.callback_url ?? ''),
        metadata: body.metadata,
        channels: body.channels,
        status: 'abandoned',
      });
      const access = `acc_${reference.toLowerCase()}`;
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `https://checkout.paystack.com/${access}`,
          access_code: access,
          reference,
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/customer') {
      calls.customer++;
      const body = await readJson(req);
      const email = String(body.email ?? '');
      if (!email) return send(res, 400, { status: false, message: 'Invalid Email Address Passed' });
      // Paystack answers an existing customer's code for an e-mail it knows.
      const known = [...customers.values()].find((c) => c.email === email);
      const customer = known ?? { code: `CUS_${(nextId++).toString(36)}`, email, account: null };
      customers.set(customer.code, customer);
      return send(res, 200, {
        status: true,
        message: 'Customer created',
        data: {
          email,
          customer_code: customer.code,
          id: nextId++,
          first_name: body.first_name,
          last_name: body.last_name,
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/dedicated_account') {
      calls.dedicatedAccount++;
      const body = await readJson(req);
      const customer = customers.get(String(body.customer ?? ''));
      if (state.dedicatedAccountAnswer === 'not_approved') {
        return send(res, 400, {
          status: false,
          message: 'Dedicated NUBAN not available for this integration',
        });
      }
      if (!customer) return send(res, 400, { status: false, message: 'Customer not found' });
      if (state.dedicatedAccountAnswer === 'later' && !customer.account) {
        return send(res, 200, {
          status: true,
          message: 'Assign dedicated account in progress',
          data: { assigned: false },
        });
      }
      return send(res, 200, {
        status: true,
        message: 'NUBAN successfully created',
        data: accountData(assignAccount(customer.code)),
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      calls.verify++;
      const trx = transactions.get(decodeURIComponent(verify[1] ?? ''));
      if (!trx) return send(res, 400, { status: false, message: 'Transaction reference not found' });
      return send(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: nextId++,
          domain: 'test',
          status: trx.status,
          reference: trx.reference,
          amount: trx.paidAmount ?? trx.amount,
          requested_amount: trx.amount,
          currency: trx.paidCurrency ?? trx.currency,
          paid_at: trx.status === 'success' ? (trx.paidAt ?? new Date().toISOString()) : null,
          gateway_response: trx.status === 'success' ? 'Successful' : 'The transaction was not completed',
          channel: trx.channel ?? 'card',
          customer: { email: trx.email, customer_code: trx.customerCode ?? null },
          authorization:
            trx.channel === 'dedicated_nuban'
              ? {
                  channel: 'dedicated_nuban',
                  sender_name: 'ADA OBI',
                  sender_bank: 'Access Bank',
                  receiver_bank_account_number: trx.accountNumber,
                  receiver_bank: 'Test Bank',
                }
              : { channel: 'card' },
          metadata: trx.metadata,
        },
      });
    }
    if (req.method === 'POST' && url.pathname === '/refund') {
      calls.refund++;
      const body = await readJson(req);
      const trx = transactions.get(String(body.transaction ?? ''));
      if (trx?.status !== 'success') {
        return send(res, 400, { status: false, message: 'Transaction reference not found' });
      }
      const already = [...refunds.values()]
        .filter((r) => r.reference === trx.reference && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = body.amount === undefined ? trx.amount - already : Number(body.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount + already > trx.amount) {
        return send(res, 400, {
          status: false,
          message: 'Refund amount cannot be more than the transaction amount',
        });
      }
      const refund: FakeRefund = {
        id: nextRefundId++,
        reference: trx.reference,
        amount,
        merchantNote: String(body.merchant_note ?? ''),
        status: state.refundStartsAs,
        createdAt: new Date().toISOString(),
      };
      refunds.set(refund.id, refund);
      if (state.refundLatencyMs) await new Promise((r) => setTimeout(r, state.refundLatencyMs));
      if (state.refundFailsAfterWork) return send(res, 500, { status: false, message: 'Internal error' });
      return send(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: refundData(refund),
      });
    }
    if (req.method === 'GET' && url.pathname === '/refund') {
      // Paystack's list, filtered by the transaction (its reference here) or a period, newest first.
      const transaction = url.searchParams.get('transaction');
      const within = inPeriod(url);
      const listed = [...refunds.values()]
        .filter((r) => !transaction || r.reference === transaction)
        .filter((r) => within(r.createdAt ?? new Date().toISOString()))
        .sort((a, b) => b.id - a.id)
        .map(refundData);
      return send(res, 200, { status: true, message: 'Refunds retrieved', ...paged(url, listed) });
    }
    if (req.method === 'GET' && url.pathname === '/transaction') {
      // Paystack's list of transactions: by status and the period they were paid in, paged.
      const status = url.searchParams.get('status');
      const within = inPeriod(url);
      const listed = [...transactions.values()]
        .filter((trx) => !status || trx.status === status)
        .filter((trx) => trx.status !== 'success' || within(trx.paidAt ?? ''))
        .map((trx) => ({
          id: nextId++,
          reference: trx.reference,
          status: trx.status,
          amount: trx.paidAmount ?? trx.amount,
          currency: trx.paidCurrency ?? trx.currency,
          paid_at: trx.paidAt ?? null,
        }));
      return send(res, 200, { status: true, message: 'Transactions retrieved', ...paged(url, listed) });
    }
    const fetchRefund = /^\/refund\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && fetchRefund) {
      calls.fetchRefund++;
      const refund = refunds.get(Number(decodeURIComponent(fetchRefund[1] ?? '')));
      if (!refund) return send(res, 404, { status: false, message: 'Refund not found' });
      return send(res, 200, { status: true, message: 'Refund retrieved', data: refundData(refund) });
    }
    send(res, 404, { status: false, message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    calls,
    refunds,
    get refundStartsAs() {
      return state.refundStartsAs;
    },
    set refundStartsAs(v: FakeRefundStatus) {
      state.refundStartsAs = v;
    },
    settleRefund(id, status) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`fake paystack: unknown refund ${id}`);
      refund.status = status;
    },
    refundWebhook(id, event) {
      const refund = refunds.get(id);
      const body = JSON.stringify({
        event,
        data: {
          status: event === 'refund.processed' ? 'processed' : 'failed',
          transaction_reference: refund?.reference ?? '',
          id: refund?.id,
          refund_reference: refund ? `RF-${refund.id}` : '',
          amount: refund?.amount ?? 0,
          currency: 'NGN',
          processor: 'fake',
          integration: 100032,
          domain: 'test',
        },
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(body, secretKey),
        },
      };
    },
    customers,
    get dedicatedAccountAnswer() {
      return state.dedicatedAccountAnswer;
    },
    set dedicatedAccountAnswer(v) {
      state.dedicatedAccountAnswer = v;
    },
    assignAccount,
    assignWebhook(customerCode, event = 'dedicatedaccount.assign.success') {
      const customer = customers.get(customerCode);
      const account = event === 'dedicatedaccount.assign.success' ? assignAccount(customerCode) : null;
      return signed({
        event,
        data: {
          customer: { id: 1, customer_code: customerCode, email: customer?.email },
          dedicated_account: account ? accountData(account) : null,
          identification: { status: account ? 'success' : 'failed' },
        },
      });
    },
    receiveTransfer(customerCode, amountKobo) {
      const customer = customers.get(customerCode);
      if (!customer?.account) throw new Error(`fake paystack: ${customerCode} has no account`);
      const reference = `T${(nextId++).toString().padStart(12, '0')}`;
      transactions.set(reference, {
        reference,
        amount: amountKobo,
        email: customer.email,
        currency: 'NGN',
        callbackUrl: '',
        metadata: null,
        status: 'success',
        paidAt: new Date().toISOString(),
        channel: 'dedicated_nuban',
        customerCode,
        accountNumber: customer.account.number,
      });
      return reference;
    },
    transferWebhook(reference) {
      const trx = transactions.get(reference);
      return signed({
        event: 'charge.success',
        data: {
          reference,
          status: 'success',
          amount: trx?.amount ?? 0,
          currency: 'NGN',
          channel: 'dedicated_nuban',
          customer: { customer_code: trx?.customerCode },
        },
      });
    },
    get down() {
      return state.down;
    },
    get refundLatencyMs() {
      return state.refundLatencyMs;
    },
    set refundLatencyMs(v: number) {
      state.refundLatencyMs = v;
    },
    get refundFailsAfterWork() {
      return state.refundFailsAfterWork;
    },
    set refundFailsAfterWork(v: boolean) {
      state.refundFailsAfterWork = v;
    },
    set down(v: boolean) {
      state.down = v;
    },
    settle(reference, status, overrides = {}) {
      const trx = transactions.get(reference);
      if (!trx) throw new Error(`fake paystack: unknown reference ${reference}`);
      trx.status = status;
      trx.paidAt = status === 'success' ? new Date().toISOString() : undefined;
      if (overrides.amountKobo !== undefined) trx.paidAmount = overrides.amountKobo;
      if (overrides.currency !== undefined) trx.paidCurrency = overrides.currency;
    },
    webhook(reference, event = 'charge.success') {
      const trx = transactions.get(reference);
      const body = JSON.stringify({
        event,
        data: { reference, status: 'success', amount: trx?.amount ?? 0, currency: 'NGN' },
      });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': signPaystackBody(body, secretKey),
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
