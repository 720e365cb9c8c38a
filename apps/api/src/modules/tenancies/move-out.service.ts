import {
  CONDITION_STATE_LABELS,
  formatLagosDate,
  formatNaira,
  lagosDateOf,
  lagosInstant,
  MOVE_OUT_REASON_LABELS,
  type MoveOut,
  type MoveOutStatement,
  moveOutDateProblem,
  todayInLagos,
} from '@studynest/contracts';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { cancelQueuedMessages, dispatch, recordMessages } from '../messages/index.ts';
import { keepFromPayment, lockPayment, payments } from '../payments/index.ts';
import { queueRefunds, recordRefund, refunds } from '../refunds/index.ts';
import { freeRoom, lockRoom, selectWithWhoAndWhere } from '../rooms/index.ts';
import { checkDeductionItems, conditionItemsJson } from './condition.service.ts';
import { EMAIL_LINK_SECONDS } from './condition-photo-links.ts';
import { partBalance, yearPartsOf } from './rent-parts.ts';
import { conditionItems, rentParts, tenancies, tenancyDeductions } from './tenancies.schema.ts';
import { depositHeldAmount, rentReminderKeyPrefix, unsettledDeposit } from './tenancy-rules.ts';

/** The rules are in docs/domain.md ("Move-out"). */

type MoveOutDeps = Pick<Deps, 'db' | 'config' | 'payments' | 'jobs' | 'log'>;

/**
 * POST /admin/tenancies/{id}/move-out: end a running tenancy, free its room, and settle the
 * caution deposit: the itemised deductions are kept, the rest goes back to the tenant as a refund
 * of the deposit payment (the same path as every refund). One transaction that locks the room,
 * then the tenancy, then the deposit payment — the room first, as applying a payment does, so a
 * rent or deposit arriving at the same moment is applied wholly before or wholly after: a second
 * admin waits and finds the tenancy ended; a refund of the deposit asked at the same moment waits
 * on the payment and counts against what is held.
 */
export async function moveOut(
  deps: MoveOutDeps,
  admin: AuthUser,
  tenancyId: string,
  input: MoveOut,
): Promise<MoveOutStatement> {
  const today = todayInLagos();
  let refundId: string | null = null;
  let notices: string[] = [];
  const statement = await deps.db.transaction(async (tx) => {
    const [place] = await tx
      .select({ roomId: tenancies.roomId })
      .from(tenancies)
      .where(eq(tenancies.id, tenancyId))
      .limit(1);
    if (!place) throw notFound('No tenancy has this id');
    await lockRoom(tx, place.roomId);
    const [tenancy] = await tx
      .select()
      .from(tenancies)
      .where(eq(tenancies.id, tenancyId))
      .limit(1)
      .for('update');
    if (!tenancy) throw notFound('No tenancy has this id');
    if (tenancy.endedAt) {
      throw conflict(`This tenancy already ended on ${formatLagosDate(lagosDateOf(tenancy.endedAt))}`);
    }
    // One rule for this check and the admin's form (contracts: moveOutDateProblem).
    const problem = moveOutDateProblem(
      {
        startDate: tenancy.startDate,
        dueDate: tenancy.dueDate,
        noticeGivenOn: tenancy.noticeGivenAt ? lagosDateOf(tenancy.noticeGivenAt) : null,
        noticeDays: deps.config.site.tenantNoticeDays,
        today,
      },
      input,
    );
    if (problem) throw badRequest(problem.message, problem.fields);
    await checkDeductionItems(tx, tenancy.id, input.deductions);

    const deposit = await lockPayment(
      tx,
      sql`${payments.id} = (select ${payments.id} from ${payments}
        where ${unsettledDeposit(tenancy.userId, tenancy.roomId)} order by ${payments.paidAt} desc limit 1)`,
    );
    const [holding] = await tx
      .select({ held: depositHeldAmount(tenancy.userId, tenancy.roomId) })
      .from(sql`(select 1) as one`);
    const held = Number(holding?.held ?? 0);
    const deducted = input.deductions.reduce((sum, d) => sum + d.amount, 0);
    if (deducted > 0 && held <= 0) {
      throw badRequest('No caution deposit is held for this tenancy, so nothing can be deducted from it', {
        deductions: 'No deposit is held: remove the deductions',
      });
    }
    if (deducted > held) {
      throw badRequest(
        `The deductions add up to ${formatNaira(deducted)}, more than the ${formatNaira(held)} deposit held`,
        { deductions: `At most ${formatNaira(held)} in total` },
      );
    }
    const returned = held - deducted;
    if (deposit && returned > 0) {
      refundId = await recordRefund(
        tx,
        deps,
        deposit,
        {
          amount: returned,
          reason: deducted
            ? `Caution deposit returned on move-out, less ${formatNaira(deducted)} of deductions`
            : 'Caution deposit returned on move-out',
        },
        admin.id,
      );
    }

    await tx
      .update(tenancies)
      .set({
        endedAt: lagosInstant(input.date, '00:00'),
        endReason: input.reason,
        endNote: input.note || null,
        endedBy: admin.id,
        moveOutRecordedAt: sql`now()`,
        depositPaymentId: deposit?.id ?? null,
        depositHeld: held,
        updatedAt: sql`now()`,
      })
      .where(eq(tenancies.id, tenancy.id));
    if (deposit && deducted > 0) await keepFromPayment(tx, deposit.id, deducted);
    if (input.deductions.length) {
      await tx.insert(tenancyDeductions).values(
        input.deductions.map((d, position) => ({
          tenancyId: tenancy.id,
          position,
          description: d.description,
          amount: d.amount,
          conditionItemId: d.condition_item_id ?? null,
        })),
      );
    }
    // Reminders of rent this tenant no longer owes do not go out: the year's end and every part
    // still unpaid (docs/domain.md, "Rent plans": move-out).
    await cancelQueuedMessages(tx, rentReminderKeyPrefix(tenancy.id, tenancy.dueDate));
    for (const part of await yearPartsOf(tx, tenancy.id)) {
      if (partBalance(part) > 0)
        await cancelQueuedMessages(tx, rentReminderKeyPrefix(tenancy.id, part.dueOn));
    }
    // The room can be booked again; the triggers on rooms update the hostel's availability.
    await freeRoom(tx, tenancy.roomId, ['rented', 'booked']);

    const [recorded] = await readStatements(tx, deps, eq(tenancies.id, tenancy.id), 1);
    // The e-mail's photo links must still open when she reads it weeks later.
    const [mailed] = await readStatements(tx, deps, eq(tenancies.id, tenancy.id), 1, EMAIL_LINK_SECONDS);
    notices = await recordMoveOutNotice(tx, deps, mailed!);
    return recorded!;
  });
  try {
    if (refundId) await queueRefunds(deps, [refundId]);
    await dispatch(deps, notices);
  } catch (err) {
    // The move-out stands; pending refunds and messages left unqueued are swept up by their jobs.
    deps.log.error({ err, tenancyId }, 'move-out: queueing its refund or statement failed');
  }
  return statement;
}

/** Move-out statements (recorded move-outs), newest first. */
async function readStatements(
  db: DbOrTx,
  deps: Pick<Deps, 'config'>,
  where: SQL | undefined,
  limit: number,
  linkSeconds?: number,
): Promise<MoveOutStatement[]> {
  const rows = await selectWithWhoAndWhere(db, tenancies, { tenancy: tenancies })
    .where(and(isNotNull(tenancies.moveOutRecordedAt), where))
    .orderBy(desc(tenancies.endedAt), desc(tenancies.moveOutRecordedAt))
    .limit(limit);
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(tenancyDeductions)
    .where(
      inArray(
        tenancyDeductions.tenancyId,
        rows.map((r) => r.tenancy.id),
      ),
    )
    .orderBy(asc(tenancyDeductions.position));
  const itemIds = items.flatMap((d) => (d.conditionItemId ? [d.conditionItemId] : []));
  const conditionOf = new Map(
    (itemIds.length
      ? await conditionItemsJson(
          db,
          deps,
          await db.select().from(conditionItems).where(inArray(conditionItems.id, itemIds)),
          linkSeconds,
        )
      : []
    ).map(({ reportId: _, ...item }) => [item._id, item]),
  );
  // Rent left unpaid: parts due by the day she left (docs/domain.md, "Rent plans": move-out).
  const unpaid = await db
    .select({
      tenancyId: rentParts.tenancyId,
      amount: sql<number>`sum(${rentParts.amount} - ${rentParts.paid})`.mapWith(Number),
    })
    .from(rentParts)
    .innerJoin(tenancies, eq(tenancies.id, rentParts.tenancyId))
    .where(
      and(
        inArray(
          rentParts.tenancyId,
          rows.map((r) => r.tenancy.id),
        ),
        sql`${rentParts.dueOn} <= (${tenancies.endedAt} at time zone 'Africa/Lagos')::date`,
      ),
    )
    .groupBy(rentParts.tenancyId);
  // The deposit's refund since the move-out, newest first: a failed one an admin tried again is
  // followed by its retry.
  const depositIds = rows.flatMap((r) => (r.tenancy.depositPaymentId ? [r.tenancy.depositPaymentId] : []));
  const given = depositIds.length
    ? await db
        .select({
          _id: refunds.id,
          paymentId: refunds.paymentId,
          amount: refunds.amount,
          status: refunds.status,
          createdAt: refunds.createdAt,
        })
        .from(refunds)
        .where(inArray(refunds.paymentId, depositIds))
        .orderBy(desc(refunds.createdAt))
    : [];
  return rows.map(({ tenancy, user, room, hostel }) => {
    const refund = given.find(
      (r) => r.paymentId === tenancy.depositPaymentId && r.createdAt >= tenancy.moveOutRecordedAt!,
    );
    const deductions = items
      .filter((d) => d.tenancyId === tenancy.id)
      .map((d) => ({
        description: d.description,
        amount: d.amount,
        condition_item: (d.conditionItemId && conditionOf.get(d.conditionItemId)) || null,
      }));
    const deductionsTotal = deductions.reduce((sum, d) => sum + d.amount, 0);
    const held = tenancy.depositHeld ?? 0;
    return {
      tenancy_id: tenancy.id,
      user,
      hostel,
      room,
      start_date: tenancy.startDate,
      moved_out_on: lagosDateOf(tenancy.endedAt!),
      reason: tenancy.endReason!,
      note: tenancy.endNote,
      deposit_held: held,
      deductions,
      deductions_total: deductionsTotal,
      deposit_returned: held - deductionsTotal,
      refund: refund ? { _id: refund._id, amount: refund.amount, status: refund.status } : null,
      rent_unpaid: unpaid.find((u) => u.tenancyId === tenancy.id)?.amount ?? 0,
      recorded_at: tenancy.moveOutRecordedAt!.toISOString(),
    };
  });
}

/** The student's latest move-out statement, for their profile. */
export async function latestMoveOut(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
): Promise<MoveOutStatement | null> {
  const [statement] = await readStatements(deps.db, deps, eq(tenancies.userId, userId), 1);
  return statement ?? null;
}

/** The tenant's copy of the statement: keyed by the tenancy, so it goes once. */
async function recordMoveOutNotice(
  tx: Tx,
  deps: Pick<Deps, 'config'>,
  s: MoveOutStatement,
): Promise<string[]> {
  const lines = [
    `Hello ${s.user.first_name},`,
    '',
    `Your tenancy of ${s.room.room_number}, ${s.hostel.hostel_name} ended on ${formatLagosDate(s.moved_out_on)} (${MOVE_OUT_REASON_LABELS[s.reason].toLowerCase()}).`,
    '',
    'Caution deposit statement',
    `Deposit held: ${formatNaira(s.deposit_held)}`,
    ...s.deductions.flatMap((d) => [
      `Less ${d.description}: ${formatNaira(d.amount)}`,
      ...(d.condition_item
        ? [
            `  For: ${d.condition_item.name}, ${CONDITION_STATE_LABELS[d.condition_item.state].toLowerCase()} at move-in${d.condition_item.note ? ` (${d.condition_item.note})` : ''}`,
            ...d.condition_item.photos.map((p, i) => `  Move-in photo ${i + 1}: ${p.src}`),
          ]
        : []),
    ]),
    `Returned to you: ${formatNaira(s.deposit_returned)}`,
    ...(s.rent_unpaid ? ['', `Rent left unpaid when you left: ${formatNaira(s.rent_unpaid)}`] : []),
    '',
    s.deposit_returned > 0
      ? `We have asked for the refund of ${formatNaira(s.deposit_returned)} to the card or account you paid the deposit from; we will e-mail you again once it has gone through. Your bank may take a few working days to show it.`
      : 'There is nothing to return.',
    ...(s.deductions.some((d) => d.condition_item?.photos.length)
      ? [
          '',
          `The photo links are from your room's condition report at move-in and open for ${EMAIL_LINK_SECONDS / 86_400} days.`,
        ]
      : []),
    ...(s.note ? ['', `Note: ${s.note}`] : []),
    '',
    `Your statement: ${deps.config.publicUrl}/profile`,
  ];
  return recordMessages(tx, [
    {
      channel: 'email',
      to: s.user.email,
      userId: s.user._id,
      topic: 'payment',
      subject: `StudyNest: your move-out statement for ${s.hostel.hostel_name}`,
      text: lines.join('\n'),
      key: `move-out:${s.tenancy_id}:email`,
    },
  ]);
}
