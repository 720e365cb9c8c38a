import {
  type AdminCredit,
  type AmountDue,
  type Credit,
  type CreditStatus,
  type DedicatedAccount,
  formatNaira,
} from '@studynest/contracts';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  ProviderUnreachable,
  type RefundResult,
  type WebhookEvent,
} from '../../payment-providers/provider.ts';
import { users } from '../auth/index.ts';
import { bookings } from '../bookings/index.ts';
import { applySuccess } from '../checkout/index.ts';
import { dispatch, recordMessages } from '../messages/index.ts';
import { payments, recordTransferPayment } from '../payments/index.ts';
import { tenancies, tenancyRunning } from '../tenancies/index.ts';
import { amountsDue, type Due, toAmountDue, whyHeld } from './transfers.dues.ts';
import { bankTransfers, dedicatedAccounts } from './transfers.schema.ts';

/*
 * Bank transfers to a student's own account number (docs/domain.md, "Bank transfers"): her
 * dedicated account, and each transfer that reaches it — matched to what she owes and applied
 * once through the same owners as a checkout's success, or held as her credit until an admin
 * allocates or refunds it. Nothing is ever dropped.
 */

type TransferDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'log'>;
type AccountRow = typeof dedicatedAccounts.$inferSelect;
type TransferRow = typeof bankTransfers.$inferSelect;

/** Who may have an account number: a student who has booked (a booking, or a room she rents). */
async function hasBooked(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({
      yes: sql<boolean>`(exists (select 1 from ${bookings} where ${bookings.userId} = ${userId})
        or exists (select 1 from ${tenancies} where ${tenancies.userId} = ${userId} and ${tenancyRunning}))`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.yes);
}

const NO_ACCOUNT = { bank_name: null, account_number: null, account_name: null, message: null };

function toDedicatedAccount(row: AccountRow): DedicatedAccount {
  return row.state === 'assigned'
    ? {
        state: 'assigned',
        bank_name: row.bankName,
        account_number: row.accountNumber,
        account_name: row.accountName,
        message: null,
      }
    : { ...NO_ACCOUNT, state: row.state, message: row.message };
}

async function accountRowOf(db: DbOrTx, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(dedicatedAccounts)
    .where(eq(dedicatedAccounts.userId, userId))
    .limit(1);
  return row;
}

/** GET /me/dedicated-account. */
export async function getDedicatedAccount(
  deps: Pick<Deps, 'db' | 'payments'>,
  userId: string,
): Promise<DedicatedAccount> {
  const row = await accountRowOf(deps.db, userId);
  // An account already given keeps working (money sent to it is still matched) whatever the setting.
  if (row?.state === 'assigned') return toDedicatedAccount(row);
  const offer = deps.payments.dedicatedAccounts;
  if (!offer.offered) return { ...NO_ACCOUNT, state: 'unavailable', message: offer.message };
  if (row) return toDedicatedAccount(row);
  if (!(await hasBooked(deps.db, userId))) {
    return {
      ...NO_ACCOUNT,
      state: 'not_eligible',
      message:
        'Book an inspection first: then you can have an account number of your own to pay by transfer.',
    };
  }
  return { ...NO_ACCOUNT, state: 'none' };
}

/**
 * POST /me/dedicated-account: ask the provider for her account number. One request at a time
 * claims the row (`requested`); asking again once assigned or while requested changes nothing; a
 * failed or unavailable one may be asked again. Her customer code is reused.
 */
export async function requestDedicatedAccount(deps: TransferDeps, userId: string): Promise<DedicatedAccount> {
  const current = await getDedicatedAccount(deps, userId);
  if (current.state === 'unavailable' && !deps.payments.dedicatedAccounts.offered) return current;
  if (current.state === 'not_eligible') throw conflict(current.message ?? 'Book an inspection first');
  if (current.state === 'assigned' || current.state === 'requested') return current;

  const [person] = await deps.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound('Your account no longer exists');
  const existing = await accountRowOf(deps.db, userId);
  const sameProvider = existing?.provider === deps.payments.name;
  const customerCode =
    existing && sameProvider
      ? existing.customerCode
      : (await deps.payments.createCustomer(person)).customerCode;

  // Claim: insert, or take over a failed / unavailable row; a concurrent request finds it requested.
  const [claimed] = await deps.db
    .insert(dedicatedAccounts)
    .values({ userId, provider: deps.payments.name, customerCode, state: 'requested' })
    .onConflictDoUpdate({
      target: dedicatedAccounts.userId,
      set: {
        provider: deps.payments.name,
        customerCode,
        state: 'requested',
        message: null,
        updatedAt: sql`now()`,
      },
      setWhere: inArray(dedicatedAccounts.state, ['failed', 'unavailable']),
    })
    .returning();
  if (!claimed) return getDedicatedAccount(deps, userId);

  let answer: Awaited<ReturnType<typeof deps.payments.requestDedicatedAccount>>;
  try {
    answer = await deps.payments.requestDedicatedAccount(customerCode);
  } catch (err) {
    // No answer: it may still be assigned (a webhook will say); she can ask again if it is not.
    if (err instanceof ProviderUnreachable) {
      await settleAccount(deps.db, eq(dedicatedAccounts.userId, userId), {
        state: 'failed',
        message: 'The payment provider did not answer. Please ask again in a few minutes.',
      });
      return getDedicatedAccount(deps, userId);
    }
    throw err;
  }
  if (answer.state !== 'requested') {
    await settleAccount(
      deps.db,
      eq(dedicatedAccounts.userId, userId),
      answer.state === 'assigned' ? { state: 'assigned', ...answer.account } : answer,
    );
  }
  return getDedicatedAccount(deps, userId);
}

/** Move a requested account on (the provider's answer, or its assign webhook); an assigned one never moves. */
async function settleAccount(
  db: DbOrTx,
  where: SQL | undefined,
  to:
    | {
        state: 'assigned';
        providerAccountId: string | null;
        bankName: string;
        accountNumber: string;
        accountName: string;
      }
    | { state: 'failed' | 'unavailable'; message: string },
): Promise<boolean> {
  const rows = await db
    .update(dedicatedAccounts)
    .set({ ...to, ...(to.state === 'assigned' ? { message: null } : {}), updatedAt: sql`now()` })
    .where(and(where, ne(dedicatedAccounts.state, 'assigned')))
    .returning({ userId: dedicatedAccounts.userId });
  return rows.length > 0;
}

/**
 * Paystack's events about transfers (the webhook hands them here first): an account assigned or
 * refused, and money that reached one. True when the event was one of these.
 */
export async function handleTransferEvent(deps: TransferDeps, event: WebhookEvent): Promise<boolean> {
  if (event.event === 'dedicatedaccount.assign.success' || event.event === 'dedicatedaccount.assign.failed') {
    const where = eq(dedicatedAccounts.customerCode, event.customerCode ?? '');
    if (event.event === 'dedicatedaccount.assign.success' && event.account) {
      await settleAccount(deps.db, where, { state: 'assigned', ...event.account });
    } else {
      await settleAccount(deps.db, where, {
        state: 'failed',
        message: event.failure ?? 'The payment provider could not give you an account number',
      });
    }
    return true;
  }
  // A transfer's reference is the provider's, never one of ours (`SN-…`); a body that does not name
  // the channel is asked about all the same (the provider's answer decides).
  if (
    event.event === 'charge.success' &&
    (event.channel === 'dedicated_nuban' || !event.reference.startsWith('SN-'))
  ) {
    return (await receiveTransfer(deps, event.reference)) !== 'not_a_transfer';
  }
  if (event.event === 'refund.processed' || event.event === 'refund.failed') {
    return followCreditRefund(deps, event);
  }
  return false;
}

/**
 * A refund event naming a transfer (its reference is the provider's transfer, not one of our
 * payments): ask the provider for that transfer's refunds — the body is never trusted — and settle
 * the credit's open refund from the one it made. False when no credit has that reference.
 */
async function followCreditRefund(deps: TransferDeps, event: WebhookEvent): Promise<boolean> {
  const transfer = (await transfersByReference(deps, [event.reference])).get(event.reference);
  if (!transfer) return false;
  if (transfer.refundState !== 'pending' && transfer.refundState !== 'unknown') return true;
  const listed = await deps.payments.listRefunds(event.reference);
  const ours =
    listed.find((r) => transfer.providerRefundId && r.providerRefundId === transfer.providerRefundId) ??
    listed.find((r) => Math.round(r.amountNaira) === transfer.refunded);
  if (ours) await settleCreditRefund(deps.db, event.reference, ours);
  return true;
}

export type ReceiveOutcome = 'applied' | 'held' | 'already' | 'not_a_transfer' | 'unknown_account';

/**
 * A transfer reached an account number of ours: ask the provider (never the webhook body alone),
 * find whose account, then in one transaction record it once and either pay the oldest amount she
 * owes that it matches exactly (a success recorded and applied like a checkout's, with its
 * receipt) or hold it as her credit. She is told either way, once it has committed.
 */
export async function receiveTransfer(deps: TransferDeps, reference: string): Promise<ReceiveOutcome> {
  const result = await deps.payments.verify(reference);
  if (result.status !== 'success' || result.channel !== 'dedicated_nuban' || !result.transfer) {
    return 'not_a_transfer';
  }
  const { customerCode, accountNumber, sender } = result.transfer;
  const [account] = await deps.db
    .select({ userId: dedicatedAccounts.userId })
    .from(dedicatedAccounts)
    .where(
      or(
        customerCode ? eq(dedicatedAccounts.customerCode, customerCode) : undefined,
        accountNumber ? eq(dedicatedAccounts.accountNumber, accountNumber) : undefined,
      ) ?? sql`false`,
    )
    .limit(1);
  if (!account) {
    // Not lost: the daily reconciliation lists it as paid at the provider and unknown here.
    deps.log.error(
      { reference, customerCode, accountNumber },
      'a transfer reached an account number nobody here has',
    );
    return 'unknown_account';
  }
  const amount = Math.round(result.amountNaira);
  // Nothing arrived (the provider's own answer): nothing to record.
  if (amount <= 0) return 'not_a_transfer';
  const receivedAt = result.paidAt ?? new Date();
  let notices: string[] = [];
  const outcome = await deps.db.transaction(async (tx): Promise<ReceiveOutcome> => {
    const [transfer] = await tx
      .insert(bankTransfers)
      .values({
        providerReference: reference,
        provider: deps.payments.name,
        userId: account.userId,
        amount,
        held: amount,
        status: 'held',
        sender,
        receivedAt,
      })
      .onConflictDoNothing({ target: bankTransfers.providerReference })
      .returning();
    if (!transfer) return 'already';
    const dues = await amountsDue(tx, account.userId);
    const match = dues.find((due) => due.amount === amount);
    if (match) {
      notices = await payFromTransfer(tx, deps, transfer, match, 'applied');
      return 'applied';
    }
    const reason = whyHeld(amount, dues);
    await tx.update(bankTransfers).set({ reason }).where(eq(bankTransfers.id, transfer.id));
    notices = await noticeOfCredit(tx, deps, transfer, reason);
    return 'held';
  });
  await dispatch(deps, notices);
  return outcome;
}

/**
 * Pay one amount due from a transfer the caller has just recorded or locked: a success of that kind
 * in the payments ledger, applied through the owners, and the transfer's held money moved to
 * applied. Returns the payer's notice.
 */
async function payFromTransfer(
  tx: Tx,
  deps: TransferDeps,
  transfer: TransferRow,
  due: Due,
  status: 'applied' | 'allocated',
): Promise<string[]> {
  const payment = await recordTransferPayment(tx, {
    kind: due.kind,
    userId: transfer.userId,
    room: due.room,
    bookingId: due.bookingId,
    amount: due.amount,
    rentPlan: due.rentPlan ?? null,
    rentYear: due.rentYear ?? null,
    provider: transfer.provider,
    transferReference: transfer.providerReference,
    paidAt: status === 'applied' ? transfer.receivedAt : new Date(),
  });
  const held = transfer.held - due.amount;
  await tx
    .update(bankTransfers)
    .set({
      applied: sql`${bankTransfers.applied} + ${due.amount}`,
      held,
      status: held > 0 ? 'held' : status,
      updatedAt: sql`now()`,
    })
    .where(eq(bankTransfers.id, transfer.id));
  return applySuccess(tx, deps, payment);
}

/** Tell her a transfer is held as her credit, and why (once per transfer). */
async function noticeOfCredit(tx: Tx, deps: Pick<Deps, 'config'>, transfer: TransferRow, reason: string) {
  const [person] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, transfer.userId));
  if (!person) return [];
  return recordMessages(tx, [
    {
      channel: 'email',
      to: person.email,
      userId: transfer.userId,
      topic: 'payment',
      subject: `StudyNest: ${formatNaira(transfer.amount)} received and held as your credit`,
      text: `Hello ${person.firstName},\n\nWe received your bank transfer of ${formatNaira(transfer.amount)}, but ${reason.charAt(0).toLowerCase()}${reason.slice(1)}. We are holding it as your credit: our team will use it for what you owe or give it back to you. Nothing is lost.\n\nTransfer reference: ${transfer.providerReference}\nYour credits: ${deps.config.publicUrl}/profile`,
      key: `transfer-held:${transfer.id}:email`,
    },
  ]);
}

/** A transfer not applied at once, as she and admins see it, with the receipts of what it paid. */
const creditColumns = {
  transfer: bankTransfers,
  receipts: sql<string[]>`coalesce((select array_agg(${payments.receiptNumber} order by ${payments.paidAt})
    from ${payments} where ${payments.transferReference} = ${bankTransfers.providerReference}
      and ${payments.receiptNumber} is not null), '{}')`,
};

function toCredit({ transfer, receipts }: { transfer: TransferRow; receipts: string[] | null }): Credit {
  return {
    _id: transfer.id,
    amount: transfer.amount,
    held: transfer.held,
    status: transfer.status as CreditStatus,
    received_at: transfer.receivedAt.toISOString(),
    reference: transfer.providerReference,
    reason: transfer.reason,
    sender: transfer.sender,
    receipts: receipts ?? [],
  };
}

const isCredit = ne(bankTransfers.status, 'applied');

/** GET /me/credits: hers, newest first. */
export async function listMyCredits({ db }: Pick<Deps, 'db'>, userId: string): Promise<Credit[]> {
  const rows = await db
    .select(creditColumns)
    .from(bankTransfers)
    .where(and(eq(bankTransfers.userId, userId), isCredit))
    .orderBy(desc(bankTransfers.receivedAt));
  return rows.map(toCredit);
}

const creditUser = {
  _id: users.id,
  name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
};

async function readAdminCredits(db: DbOrTx, where: SQL | undefined): Promise<AdminCredit[]> {
  const rows = await db
    .select({ ...creditColumns, user: creditUser })
    .from(bankTransfers)
    .innerJoin(users, eq(users.id, bankTransfers.userId))
    .where(and(isCredit, where))
    .orderBy(desc(bankTransfers.receivedAt));
  return rows.map((row) => ({ ...toCredit(row), user: row.user }));
}

/** GET /admin/credits?status=: everyone's, newest first. */
export const listAdminCredits = ({ db }: Pick<Deps, 'db'>, status?: CreditStatus) =>
  readAdminCredits(db, status ? eq(bankTransfers.status, status) : undefined);

async function adminCredit(db: DbOrTx, id: string): Promise<AdminCredit> {
  const [credit] = await readAdminCredits(db, eq(bankTransfers.id, id));
  if (!credit) throw notFound('No credit has this id');
  return credit;
}

/** GET /admin/credits/{id}/dues: what its owner owes now, oldest first. */
export async function creditDues({ db }: Pick<Deps, 'db'>, id: string): Promise<AmountDue[]> {
  const credit = await adminCredit(db, id);
  return (await amountsDue(db, credit.user._id)).map(toAmountDue);
}

/** The credit's row, locked for the rest of the transaction (allocations and refunds take turns). */
async function lockCredit(tx: Tx, id: string): Promise<TransferRow> {
  const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id)).limit(1).for('update');
  if (!row || row.status === 'applied') throw notFound('No credit has this id');
  return row;
}

/**
 * POST /admin/credits/{id}/allocate: pay one amount she owes from her credit, which must cover it.
 * Recorded and applied as a transfer that matched would have been, with its receipt and e-mail.
 */
export async function allocateCredit(
  deps: TransferDeps,
  id: string,
  dueKey: string,
): Promise<{ credit: AdminCredit; due: AmountDue }> {
  let notices: string[] = [];
  let paid: Due | undefined;
  await deps.db.transaction(async (tx) => {
    const transfer = await lockCredit(tx, id);
    if (transfer.status !== 'held')
      throw conflict(`This credit is ${transfer.status}: nothing is held to allocate`);
    const dues = await amountsDue(tx, transfer.userId);
    paid = dues.find((due) => due.key === dueKey);
    if (!paid) {
      throw badRequest('She does not owe that now: choose one of her amounts due', {
        due_key: dues.length ? `One of: ${dues.map((d) => d.key).join(', ')}` : 'She owes nothing now',
      });
    }
    if (paid.amount > transfer.held) {
      throw conflict(
        `The credit holds ${formatNaira(transfer.held)}, less than the ${formatNaira(paid.amount)} due`,
        { due_key: `Needs ${formatNaira(paid.amount)}; ${formatNaira(transfer.held)} is held` },
      );
    }
    notices = await payFromTransfer(tx, deps, transfer, paid, 'allocated');
  });
  await dispatch(deps, notices);
  return { credit: await adminCredit(deps.db, id), due: toAmountDue(paid!) };
}

/**
 * POST /admin/credits/{id}/refund: give what is held back through the provider (a refund of that
 * transfer's transaction, for the amount held). Recorded first, under the credit's lock, so it is
 * asked of the provider once; a provider that does not answer leaves it `unknown`, never failed,
 * and nothing more can be refunded from it. Only the provider's refusal puts the money back as held.
 */
export async function refundCredit(
  deps: TransferDeps,
  id: string,
  reason: string,
): Promise<{ credit: AdminCredit; amount: number }> {
  const claimed = await deps.db.transaction(async (tx) => {
    const transfer = await lockCredit(tx, id);
    if (transfer.status !== 'held' || transfer.held <= 0) {
      throw conflict(`This credit is ${transfer.status}: nothing is held to refund`);
    }
    if (transfer.refundState === 'pending' || transfer.refundState === 'unknown') {
      throw conflict('A refund of this credit is already with the provider');
    }
    if (transfer.provider !== deps.payments.name) {
      throw conflict(
        `This transfer came through ${transfer.provider}, which this server does not use now: refund it there`,
      );
    }
    await tx
      .update(bankTransfers)
      .set({
        held: 0,
        refunded: sql`${bankTransfers.refunded} + ${transfer.held}`,
        status: 'refunded',
        refundState: 'pending',
        refundFailure: null,
        updatedAt: sql`now()`,
      })
      .where(eq(bankTransfers.id, id));
    return transfer;
  });
  const amount = claimed.held;
  try {
    const answer = await deps.payments.refund({
      reference: claimed.providerReference,
      amountNaira: amount,
      reason: reason || 'Your transfer credit, given back',
    });
    await settleCreditRefund(deps.db, claimed.providerReference, answer);
    if (answer.status === 'failed') {
      throw conflict(
        `${answer.failureReason ?? 'The payment provider refused the refund'}; the credit is still held`,
      );
    }
  } catch (err) {
    if (!(err instanceof ProviderUnreachable)) throw err;
    await deps.db
      .update(bankTransfers)
      .set({ refundState: 'unknown', updatedAt: sql`now()` })
      .where(and(eq(bankTransfers.id, id), eq(bankTransfers.refundState, 'pending')));
  }
  return { credit: await adminCredit(deps.db, id), amount };
}

/**
 * What the provider says of a credit's refund (its answer, or what reconciliation finds in its list),
 * applied to an open one (`pending`, `unknown`) by one conditional update, so it settles once:
 * paid back, still on its way, or refused — and only a refusal puts the money back as held.
 */
export async function settleCreditRefund(
  db: DbOrTx,
  reference: string,
  answer: Pick<RefundResult, 'status' | 'providerRefundId' | 'failureReason'>,
): Promise<boolean> {
  const open = and(
    eq(bankTransfers.providerReference, reference),
    inArray(bankTransfers.refundState, ['pending', 'unknown']),
  );
  const set =
    answer.status === 'failed'
      ? {
          held: sql`${bankTransfers.held} + ${bankTransfers.refunded}`,
          refunded: sql`0`,
          status: sql`'held'`,
          refundState: 'failed' as const,
          refundFailure: answer.failureReason ?? 'The provider refused the refund',
        }
      : { refundState: answer.status, providerRefundId: answer.providerRefundId };
  const rows = await db
    .update(bankTransfers)
    .set({ ...(set as Partial<typeof bankTransfers.$inferInsert>), updatedAt: sql`now()` })
    .where(open)
    .returning({ id: bankTransfers.id });
  return rows.length > 0;
}

/** Recorded transfers by the provider's reference (reconciliation matches the provider's list to them). */
export async function transfersByReference(
  { db }: Pick<Deps, 'db'>,
  references: string[],
): Promise<Map<string, TransferRow>> {
  if (!references.length) return new Map();
  const rows = await db
    .select()
    .from(bankTransfers)
    .where(inArray(bankTransfers.providerReference, references));
  return new Map(rows.map((row) => [row.providerReference, row]));
}
