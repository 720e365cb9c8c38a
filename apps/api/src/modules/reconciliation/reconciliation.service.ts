import {
  addDays,
  formatLagosDate,
  formatNaira,
  lagosInstant,
  RECONCILIATION_DIFFERENCE_LABELS,
  type ReconciliationDifferenceKind,
  type ReconciliationRun,
} from '@studynest/contracts';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { PeriodRefund, SettledTransaction } from '../../payment-providers/provider.ts';
import { users } from '../auth/index.ts';
import { settleFromProvider } from '../checkout/index.ts';
import { dispatch, recordMessages } from '../messages/index.ts';
import { payments } from '../payments/index.ts';
import { followRefund, followRefundsOf, refunds } from '../refunds/index.ts';
import { receiveTransfer, settleCreditRefund, transfersByReference } from '../transfers/index.ts';
import {
  type RunCounts,
  reconciliationDifferences,
  reconciliationRuns,
  type Side,
} from './reconciliation.schema.ts';

/*
 * Once a day (docs/domain.md, "Reconciliation"), what StudyNest believes about the day before is
 * compared with what the provider settled: its successful transactions and its refunds, every page.
 * A difference the run can settle itself — a success the provider took that we never applied, a
 * refund whose answer was lost — it settles through the owners (the checkout applies, the refunds
 * module follows up) and records as settled; the rest it lists for the admins, with what to do,
 * and e-mails them. Every run is kept.
 */

type ReconcileDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'log'>;

type Found = {
  kind: ReconciliationDifferenceKind;
  reference: string;
  providerRefundId?: string | null;
  ours: Side | null;
  theirs: Side | null;
  whatToDo: string;
  settled?: boolean;
};

const naira = (n: number) => formatNaira(n);

/** The payment rows the run needs, by reference (any day: a day boundary must not hide one). */
async function paymentsByReference(deps: Pick<Deps, 'db'>, references: string[]) {
  if (!references.length) return new Map<string, typeof payments.$inferSelect>();
  const rows = await deps.db.select().from(payments).where(inArray(payments.reference, references));
  return new Map(rows.map((p) => [p.reference, p]));
}

type Period = { from: Date; to: Date };
/** What one side of the comparison found, and how many of our own rows it read. */
type Compared = { found: Found[]; ours: number };

/** Compare the provider's successful transactions of the period with our successes. */
async function comparePayments(
  deps: ReconcileDeps,
  period: Period,
  theirs: SettledTransaction[],
): Promise<Compared> {
  const ours = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'success'),
        eq(payments.provider, deps.payments.name),
        // Paid from a bank transfer: the provider lists the transfer (its own reference), matched below.
        isNull(payments.transferReference),
        gte(payments.paidAt, period.from),
        lt(payments.paidAt, period.to),
      ),
    );
  const known = await paymentsByReference(
    deps,
    theirs.map((t) => t.reference),
  );
  let transfers = await transfersByReference(
    deps,
    theirs.filter((t) => !known.has(t.reference)).map((t) => t.reference),
  );
  const found: Found[] = [];
  for (const t of theirs) {
    const theirSide = { status: 'success', amount: t.amountNaira };
    const ourPayment = known.get(t.reference);
    if (!ourPayment) {
      // A transfer to a student's account number: matched to its record (applied or held as credit).
      let transfer = transfers.get(t.reference);
      if (!transfer) {
        // Its webhook was lost: the transfers module asks the provider and records it (once).
        const outcome = await receiveTransfer(deps, t.reference).catch(() => 'not_a_transfer' as const);
        if (outcome !== 'not_a_transfer' && outcome !== 'unknown_account') {
          transfers = await transfersByReference(deps, [t.reference]);
          transfer = transfers.get(t.reference);
          found.push({
            kind: 'missing_ours',
            reference: t.reference,
            ours: null,
            theirs: theirSide,
            settled: Boolean(transfer),
            whatToDo:
              transfer?.status === 'applied'
                ? 'A bank transfer to her account number whose news was lost: recorded now and applied to what she owed.'
                : 'A bank transfer to her account number whose news was lost: recorded now and held as her credit (see Credits).',
          });
          continue;
        }
      } else if (transfer.amount !== Math.round(t.amountNaira)) {
        found.push({
          kind: 'amount_differs',
          reference: t.reference,
          ours: { status: transfer.status, amount: transfer.amount },
          theirs: theirSide,
          whatToDo: `StudyNest recorded a transfer of ${naira(transfer.amount)}, the provider says ${naira(t.amountNaira)}. Check it in the provider's dashboard before allocating or refunding more of it.`,
        });
        continue;
      }
      if (transfer) continue;
      found.push({
        kind: 'unknown_to_us',
        reference: t.reference,
        ours: null,
        theirs: theirSide,
        whatToDo: `The provider took ${naira(t.amountNaira)} with a reference StudyNest never started. Find the payer in the provider's dashboard and refund it there.`,
      });
      continue;
    }
    if (ourPayment.status !== 'success') {
      // Paid at the provider, never applied here (the webhook and the callback were lost): apply it.
      const before = ourPayment.status;
      await settleFromProvider(deps, t.reference).catch(() => undefined);
      const [now] = await deps.db.select().from(payments).where(eq(payments.reference, t.reference));
      const applied = now?.status === 'success';
      found.push({
        kind: 'missing_ours',
        reference: t.reference,
        ours: { status: before, amount: ourPayment.amount },
        theirs: theirSide,
        settled: applied,
        whatToDo: applied
          ? `Applied now: the payment is a success${now?.needsRefund ? ' and owed back (see Refunds)' : ''}.`
          : 'StudyNest could not apply it: check the payment with the provider (Payments → check) and the amount it took.',
      });
      continue;
    }
    if (ourPayment.amount !== t.amountNaira) {
      found.push({
        kind: 'amount_differs',
        reference: t.reference,
        ours: { status: ourPayment.status, amount: ourPayment.amount },
        theirs: theirSide,
        whatToDo: `StudyNest recorded ${naira(ourPayment.amount)}, the provider took ${naira(t.amountNaira)}. Check the transaction in the provider's dashboard; refund the difference there if it took too much.`,
      });
    }
  }
  const listed = new Set(theirs.map((t) => t.reference));
  for (const o of ours) {
    if (listed.has(o.reference)) continue;
    // Not in their list for this day: ask about it directly before calling it missing (their
    // day may have ended a moment before ours).
    const answer = await deps.payments.verify(o.reference).catch(() => null);
    if (answer?.status === 'success' && Math.round(answer.amountNaira) === o.amount) continue;
    found.push({
      kind: 'missing_theirs',
      reference: o.reference,
      ours: { status: o.status, amount: o.amount },
      theirs: answer ? { status: answer.status, amount: answer.amountNaira } : null,
      whatToDo:
        "StudyNest recorded this payment as paid, but the provider does not show it settled. Check it in the provider's dashboard before giving the payer anything more (a receipt, a room).",
    });
  }
  return { found, ours: ours.length };
}

/** Compare the provider's refunds of the period with ours. */
async function compareRefunds(
  deps: ReconcileDeps,
  period: Period,
  theirs: PeriodRefund[],
): Promise<Compared> {
  const ours = await deps.db
    .select({ refund: refunds, reference: payments.reference })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(refunds.provider, deps.payments.name),
        gte(refunds.createdAt, period.from),
        lt(refunds.createdAt, period.to),
      ),
    );
  const found: Found[] = [];
  const refundOf = async (providerRefundId: string) =>
    (await deps.db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId)))[0];

  for (const r of theirs) {
    const theirSide = { status: r.status, amount: r.amountNaira };
    /** Our refund's status (as it was before we followed it) differs from theirs. */
    const statusDiffers = (ourRefund: Side, settled: boolean, whatToDo: string): Found => ({
      kind: 'refund_status_differs',
      reference: r.reference,
      providerRefundId: r.providerRefundId,
      ours: { status: ourRefund.status, amount: ourRefund.amount },
      theirs: theirSide,
      settled,
      whatToDo,
    });
    let ourRefund = await refundOf(r.providerRefundId);
    const credit = ourRefund ? undefined : (await transfersByReference(deps, [r.reference])).get(r.reference);
    if (credit?.refundState) {
      // A transfer credit given back: ours if we asked for it; a late answer settles it now.
      const before = credit.refundState;
      const moved = await settleCreditRefund(deps.db, r.reference, r);
      if (moved && before !== r.status) {
        found.push({
          kind: 'refund_status_differs',
          reference: r.reference,
          providerRefundId: r.providerRefundId,
          ours: { status: before, amount: credit.refunded },
          theirs: theirSide,
          settled: true,
          whatToDo:
            'A transfer credit’s refund whose answer had been lost; StudyNest has now recorded what the provider did.',
        });
      }
      continue;
    }
    if (!ourRefund) {
      // An attempt whose answer was lost takes it up (same payment, same amount, no id yet).
      await followRefundsOf(deps, {
        reference: r.reference,
        refundId: r.providerRefundId,
        amountNaira: r.amountNaira,
      }).catch(() => undefined);
      ourRefund = await refundOf(r.providerRefundId);
      if (ourRefund) {
        found.push(
          statusDiffers(
            ourRefund,
            true,
            'Its answer had been lost; StudyNest has now recorded what the provider did.',
          ),
        );
      } else {
        found.push({
          kind: 'refund_unknown_to_us',
          reference: r.reference,
          providerRefundId: r.providerRefundId,
          ours: null,
          theirs: theirSide,
          whatToDo: `The provider gave back ${naira(r.amountNaira)} of this payment without StudyNest asking (from its dashboard?). Record why with the finance team; do not refund it again here.`,
        });
      }
      continue;
    }
    const settledAlike =
      ourRefund.status === r.status || (ourRefund.status === 'unknown' && r.status === 'pending');
    if (!settledAlike) {
      await followRefund(deps, ourRefund.id).catch(() => undefined);
      const [now] = await deps.db.select().from(refunds).where(eq(refunds.id, ourRefund.id));
      const settled = now?.status === r.status;
      found.push(
        statusDiffers(
          ourRefund,
          settled,
          settled
            ? 'StudyNest has now recorded what the provider did.'
            : "Compare the refund in the provider's dashboard; StudyNest keeps following it up.",
        ),
      );
    }
  }
  // Ours the provider does not list (asked directly first: their day may differ from ours).
  const listed = new Set(theirs.map((r) => r.providerRefundId));
  for (const { refund, reference } of ours) {
    if (refund.status !== 'processed' || !refund.providerRefundId || listed.has(refund.providerRefundId))
      continue;
    const answer = await deps.payments.refundStatus(refund.providerRefundId).catch(() => null);
    if (answer?.status === 'processed') continue;
    found.push({
      kind: 'refund_missing_theirs',
      reference,
      providerRefundId: refund.providerRefundId,
      ours: { status: refund.status, amount: refund.amount },
      theirs: answer ? { status: answer.status, amount: refund.amount } : null,
      whatToDo:
        "StudyNest recorded this refund as paid back, but the provider does not show it. Check it in the provider's dashboard; the student may not have their money.",
    });
  }
  // More given back than was paid, across everything the provider lists for each payment.
  const byReference = [...new Set(theirs.map((r) => r.reference))];
  const paid = await paymentsByReference(deps, byReference);
  for (const reference of byReference) {
    const payment = paid.get(reference);
    if (!payment) continue;
    const all = await deps.payments.listRefunds(reference).catch(() => null);
    if (!all) continue;
    const givenBack = all.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountNaira, 0);
    if (givenBack > payment.amount - payment.keptAmount) {
      found.push({
        kind: 'refunded_more_than_once',
        reference,
        ours: { status: payment.status, amount: payment.amount },
        theirs: { status: 'refunded', amount: givenBack },
        whatToDo: `The provider has given back ${naira(givenBack)} of a ${naira(payment.amount)} payment${payment.keptAmount ? ` (${naira(payment.keptAmount)} of it kept at move-out)` : ''}. Ask the payer to return the excess, and find how the second refund was made.`,
      });
    }
  }
  return { found, ours: ours.length };
}

/** The admins, told by e-mail when a run found something left to do. */
async function tellAdmins(deps: ReconcileDeps, runId: string, day: string, open: Found[]) {
  const admins = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  const lines = open.map(
    (f) =>
      `- ${RECONCILIATION_DIFFERENCE_LABELS[f.kind]}: ${f.reference}${f.theirs ? `, provider ${naira(f.theirs.amount)}` : ''}${f.ours ? `, StudyNest ${naira(f.ours.amount)}` : ''}`,
  );
  const ids = await recordMessages(
    deps.db,
    admins.map((a) => ({
      channel: 'email' as const,
      to: a.email,
      userId: a.id,
      topic: 'payment' as const,
      subject: `StudyNest: ${open.length} difference${open.length === 1 ? '' : 's'} with the payment provider on ${formatLagosDate(day)}`,
      text: [
        `Hello ${a.firstName},`,
        '',
        `The daily reconciliation of ${formatLagosDate(day)} found what needs an admin:`,
        ...lines,
        '',
        `What to do for each: ${deps.config.publicUrl}/admin-reconciliation`,
      ].join('\n'),
      key: `reconciliation:${runId}:${a.id}:email`,
    })),
  );
  await dispatch(deps, ids);
}

/**
 * Reconcile one Lagos day (the day before, when scheduled): compare, settle what can be settled,
 * record every difference, tell the admins about the rest. A provider that does not answer fails
 * the run (kept, with why); the next run, or an admin's, tries again.
 */
export async function reconcileDay(deps: ReconcileDeps, day: string): Promise<ReconciliationRun> {
  const period = { from: lagosInstant(day, '00:00'), to: lagosInstant(addDays(day, 1), '00:00') };
  const [run] = await deps.db
    .insert(reconciliationRuns)
    .values({ day, provider: deps.payments.name })
    .returning({ id: reconciliationRuns.id });
  const runId = run!.id;
  try {
    const [transactions, refundsMade] = await Promise.all([
      deps.payments.listSettledTransactions(period),
      deps.payments.listRefundsMade(period),
    ]);
    const paymentsSide = await comparePayments(deps, period, transactions);
    const refundsSide = await compareRefunds(deps, period, refundsMade);
    const found = [...paymentsSide.found, ...refundsSide.found];
    const counts: RunCounts = {
      ours_payments: paymentsSide.ours,
      theirs_payments: transactions.length,
      ours_refunds: refundsSide.ours,
      theirs_refunds: refundsMade.length,
    };
    await deps.db.transaction(async (tx) => {
      if (found.length) {
        await tx.insert(reconciliationDifferences).values(
          found.map((f) => ({
            runId,
            kind: f.kind,
            reference: f.reference,
            providerRefundId: f.providerRefundId ?? null,
            ours: f.ours,
            theirs: f.theirs,
            whatToDo: f.whatToDo,
            settled: f.settled ?? false,
          })),
        );
      }
      await tx
        .update(reconciliationRuns)
        .set({ status: found.length ? 'differences' : 'agreed', counts, finishedAt: sql`now()` })
        .where(eq(reconciliationRuns.id, runId));
    });
    const open = found.filter((f) => !f.settled);
    if (open.length) await tellAdmins(deps, runId, day, open);
  } catch (err) {
    deps.log.error({ err, day }, 'reconciliation failed');
    await deps.db
      .update(reconciliationRuns)
      .set({
        status: 'failed',
        error: err instanceof Error ? err.message : String(err),
        finishedAt: sql`now()`,
      })
      .where(eq(reconciliationRuns.id, runId));
  }
  return getRun(deps, runId);
}

const toSide = (s: Side | null) => (s ? { status: s.status, amount: s.amount } : null);

/** One run with its differences. */
export async function getRun(deps: Pick<Deps, 'db'>, id: string): Promise<ReconciliationRun> {
  const [run] = await listRuns(deps, id);
  if (!run) throw notFound('No reconciliation run has this id');
  return run;
}

/**
 * The days whose differences still need an admin, newest day first, for the admin home's notice:
 * the latest run of each day (running the day again after putting things right replaces what an
 * earlier run found), if it started in the last week, with the differences it did not settle
 * itself. Older findings stay on the Reconciliation page.
 */
export async function openDifferenceDays({
  db,
}: Pick<Deps, 'db'>): Promise<{ day: string; run_id: string; open: number }[]> {
  const latest = db
    .selectDistinctOn([reconciliationRuns.day], {
      id: reconciliationRuns.id,
      day: reconciliationRuns.day,
      startedAt: reconciliationRuns.startedAt,
    })
    .from(reconciliationRuns)
    .orderBy(reconciliationRuns.day, desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .as('latest');
  const rows = await db
    .select({ day: latest.day, runId: latest.id, open: count() })
    .from(latest)
    .innerJoin(
      reconciliationDifferences,
      and(eq(reconciliationDifferences.runId, latest.id), eq(reconciliationDifferences.settled, false)),
    )
    .where(gt(latest.startedAt, sql`now() - interval '7 days'`))
    .groupBy(latest.id, latest.day)
    .orderBy(desc(latest.day));
  return rows.map((r) => ({ day: r.day, run_id: r.runId, open: Number(r.open) }));
}

/** GET /admin/reconciliation: the latest runs (newest first), each with what it found. */
export async function listRuns(
  deps: Pick<Deps, 'db'>,
  id?: string,
  limit = 30,
): Promise<ReconciliationRun[]> {
  const runs = await deps.db
    .select()
    .from(reconciliationRuns)
    .where(id ? eq(reconciliationRuns.id, id) : undefined)
    .orderBy(desc(reconciliationRuns.startedAt))
    .limit(limit);
  if (!runs.length) return [];
  const differences = await deps.db
    .select()
    .from(reconciliationDifferences)
    .where(
      inArray(
        reconciliationDifferences.runId,
        runs.map((r) => r.id),
      ),
    );
  return runs.map((r) => ({
    _id: r.id,
    day: r.day,
    status: r.status,
    counts: r.counts,
    error: r.error,
    started_at: r.startedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
    differences: differences
      .filter((d) => d.runId === r.id)
      .map((d) => ({
        _id: d.id,
        kind: d.kind,
        reference: d.reference,
        provider_refund_id: d.providerRefundId,
        ours: toSide(d.ours ?? null),
        theirs: toSide(d.theirs ?? null),
        what_to_do: d.whatToDo,
        settled: d.settled,
      })),
  }));
}
