import { type SQL, sql } from 'drizzle-orm';

/**
 * The ledger's invariants: what must hold wherever two lifecycles meet (room, booking, payment,
 * tenancy, refund, caution deposit), written as SQL over the tables themselves. Each query selects
 * the rows that BREAK its invariant, so zero rows means it holds. Plain SQL on purpose: an operator
 * can paste any of them into psql, and this file knows no feature module (it sits beside db/, not
 * inside the modules whose rules it checks). The rules are in docs/domain.md.
 */
export type Invariant = {
  name: string;
  description: string;
  /** Selects the violating rows. */
  sql: string;
};

/** What refunds of payment `p` give back or will (pending and processed; a failed one gave nothing). */
const REFUNDED = (p: string, extra = '') =>
  `coalesce((select sum(r.amount) from refunds r where r.payment_id = ${p}.id and r.status <> 'failed'${extra}), 0)`;

/**
 * An agent fee used up: the tenancy it started (tenancies.agent_fee_payment_id) has ended
 * (docs/domain.md, "Move-out"). A spent fee no longer books the room.
 */
const SPENT = (f: string) => `exists (
  select 1 from tenancies e where e.agent_fee_payment_id = ${f}.id and e.ended_at is not null)`;

/** A fee that books its room for its payer now: paid, not owed back, not spent. */
const BOOKS_THE_ROOM = (f: string) =>
  `${f}.kind = 'agent_fee' and ${f}.status = 'success' and not ${f}.needs_refund and not ${SPENT(f)}`;

export const INVARIANTS: readonly Invariant[] = [
  {
    // Why: the refund path checks this under the payment's lock; a second path that gives money back
    // (a move-out's deposit refund, a retry) must not slip past it.
    name: 'refunds-within-payment',
    description:
      "Never more refunded than paid: for every payment, the sum of its refunds that are not 'failed' (pending and processed) is at most the payment's amount.",
    sql: `
      select p.id as payment_id, p.reference, p.kind, p.amount, sum(r.amount)::int as refunded
      from payments p
      join refunds r on r.payment_id = p.id and r.status <> 'failed'
      group by p.id
      having sum(r.amount) > p.amount`,
  },
  {
    // Why: closing a payment (keep the rest) ends its refunds; a refund let through afterwards, or a
    // closure of a payment not owed back, would give back or keep money nobody decided on.
    name: 'closed-payment-keeps-the-rest',
    description:
      "A payment closed with the rest kept (refund_closures) is a success owed back (needs_refund), and what was kept is exactly its amount less its refunds that are not 'failed' and less what a move-out kept: nothing was refunded after it was closed.",
    sql: `
      select c.id as closure_id, p.id as payment_id, p.reference, p.amount, p.needs_refund,
        c.kept_amount, ${REFUNDED('p')}::int as refunded
      from refund_closures c
      join payments p on p.id = c.payment_id
      where p.status <> 'success' or not p.needs_refund
        or c.kept_amount <> p.amount - p.kept_amount - ${REFUNDED('p')}`,
  },
  {
    // Why: a fee that booked a room its payer then rented has bought what it was for; flagging it
    // needs_refund (an inspection cancelled after moving in) hands the money back for a letting that
    // happened.
    name: 'spent-agent-fee-not-owed-back',
    description:
      "A spent agent fee is never owed back: the agent fee a tenancy began with (tenancies.agent_fee_payment_id) is the tenant's own successful agent fee for that room, and never flagged needs_refund.",
    sql: `
      select t.id as tenancy_id, t.user_id, t.room_id, t.ended_at,
        f.id as payment_id, f.reference, f.amount, f.refund_reason
      from tenancies t
      join payments f on f.id = t.agent_fee_payment_id
      where f.needs_refund or f.status <> 'success' or f.kind <> 'agent_fee'
        or f.user_id <> t.user_id or f.room_id <> t.room_id`,
  },
  {
    // Why: a deposit is money held for the tenant; what went back, plus what a move-out kept, can
    // never exceed it, and the statement's "deposit held" must be what was really held then.
    name: 'deposit-arithmetic',
    description:
      "For every successful caution_fee payment: amount - (its refunds not 'failed') - (the deductions of the move-out that settled it, tenancies.deposit_payment_id = payment) >= 0, and what the payment records as kept (kept_amount) is those deductions; a settled deposit is the tenant's own (same student and room); deposit_held equals the amount less its non-failed refunds created before the move-out was recorded (move_out_recorded_at); and a move-out that settled no deposit has no deductions.",
    sql: `
      with deposits as (
        select p.id as payment_id, p.reference, p.user_id, p.room_id, p.amount, p.kept_amount,
          ${REFUNDED('p')} as refunded,
          t.id as tenancy_id, t.user_id as tenant_id, t.room_id as tenancy_room_id,
          t.deposit_held, t.move_out_recorded_at,
          coalesce((select sum(d.amount) from tenancy_deductions d where d.tenancy_id = t.id), 0) as deducted,
          ${REFUNDED('p', ' and r.created_at < t.move_out_recorded_at')} as refunded_before_move_out
        from payments p
        left join tenancies t on t.deposit_payment_id = p.id
        where p.kind = 'caution_fee' and p.status = 'success'
      )
      select payment_id, reference, amount, refunded, deducted, tenancy_id, deposit_held,
        refunded_before_move_out,
        case
          when amount - refunded - deducted < 0 then 'refunded and deducted more than was paid'
          when kept_amount <> deducted then 'kept_amount is not the deductions of the move-out that settled it'
          when tenancy_id is not null and (tenant_id <> user_id or tenancy_room_id <> room_id)
            then 'settled by a tenancy of another student or room'
          else 'deposit_held is not the amount less the refunds made before the move-out'
        end as problem
      from deposits
      where amount - refunded - deducted < 0
        or kept_amount <> deducted
        or (tenancy_id is not null and (tenant_id <> user_id or tenancy_room_id <> room_id))
        or (tenancy_id is not null and deposit_held is distinct from amount - refunded_before_move_out)
      union all
      select p.id, p.reference, p.amount, null, d.deducted, t.id, t.deposit_held, null,
        'deductions from a move-out that settled no successful deposit'
      from tenancies t
      join (select tenancy_id, sum(amount) as deducted from tenancy_deductions group by tenancy_id) d
        on d.tenancy_id = t.id
      left join payments p on p.id = t.deposit_payment_id
      where p.id is null or p.kind <> 'caution_fee' or p.status <> 'success'`,
  },
  {
    // Why: a deposit nobody will settle is money the company keeps by accident: no move-out will
    // return it (there is no tenancy) and Refunds does not list it (it is not flagged).
    name: 'no-stranded-deposit',
    description:
      "A successful caution_fee payment that is not flagged needs_refund, not settled by a move-out and not wholly refunded (some of it is still held) belongs to a payer who has a running tenancy (ended_at is null) of that room, or has that room booked: a successful agent_fee for that room, not flagged needs_refund, whose booking is 'confirmed', with no tenancy of that payer in that room created at or after the fee was paid that has since ended.",
    sql: `
      select p.id as payment_id, p.reference, p.user_id, p.room_id, p.amount, ${REFUNDED('p')} as refunded
      from payments p
      where p.kind = 'caution_fee' and p.status = 'success' and not p.needs_refund
        and not exists (select 1 from tenancies s where s.deposit_payment_id = p.id)
        and p.amount > ${REFUNDED('p')}
        and not exists (
          select 1 from tenancies t
          where t.user_id = p.user_id and t.room_id = p.room_id and t.ended_at is null)
        and not exists (
          select 1 from payments f
          join bookings b on b.id = f.booking_id and b.status in ('confirmed', 'inspected')
          where f.user_id = p.user_id and f.room_id = p.room_id and ${BOOKS_THE_ROOM('f')})`,
  },
  {
    // Why: two running tenancies of one room means two people paying for (and promised) one room,
    // and rent reminders and move-outs that pick "the" tenancy pick one of them.
    name: 'one-running-tenancy',
    description:
      'At most one running tenancy (ended_at is null) per room, and so at most one per (student, room).',
    sql: `
      select room_id, null::uuid as user_id, count(*)::int as running
      from tenancies where ended_at is null
      group by room_id having count(*) > 1
      union all
      select room_id, user_id, count(*)::int
      from tenancies where ended_at is null
      group by room_id, user_id having count(*) > 1`,
  },
  {
    // Why: the room's status is what students and the listings see; a tenant's room shown
    // available can be booked and paid for by someone else.
    name: 'rented-room-has-its-tenant',
    description:
      "A room with a running tenancy has status 'rented' (not set by hand), and a 'rented' room has a running tenancy (with invariant one-running-tenancy: exactly one) unless an admin set it by hand (rooms.status_by_hand: let outside StudyNest).",
    sql: `
      select r.id as room_id, r.status, r.status_by_hand, count(t.id)::int as running
      from rooms r
      left join tenancies t on t.room_id = r.id and t.ended_at is null
      group by r.id
      having (count(t.id) > 0 and (r.status <> 'rented' or r.status_by_hand))
        or (r.status = 'rented' and not r.status_by_hand and count(t.id) = 0)`,
  },
  {
    // Why: a booked room is closed to everyone but its booker; without the paid, standing fee behind
    // it, nobody can rent it (or everyone's fee is owed back) and it sits unlettable.
    name: 'booked-room-has-its-booking',
    description:
      "A 'booked' room (not set by hand: rooms.status_by_hand) has exactly one 'confirmed' booking whose agent fee succeeded, is not flagged needs_refund and is not spent (the tenancy it started has not ended), and no running tenancy.",
    sql: `
      with standing as (
        select b.room_id, count(distinct b.id)::int as n
        from bookings b
        join payments f on f.booking_id = b.id
        where b.status = 'confirmed' and ${BOOKS_THE_ROOM('f')}
        group by b.room_id
      ), running as (
        select room_id, count(*)::int as n from tenancies where ended_at is null group by room_id
      )
      select r.id as room_id, r.status, coalesce(s.n, 0) as standing_bookings, coalesce(t.n, 0) as running
      from rooms r
      left join standing s on s.room_id = r.id
      left join running t on t.room_id = r.id
      where r.status = 'booked' and not r.status_by_hand and (coalesce(s.n, 0) <> 1 or coalesce(t.n, 0) > 0)`,
  },
  {
    // Why: receipt numbers are the auditor's thread through the money: a gap or a repeat means a
    // success recorded twice, or one taken back after a receipt went out.
    name: 'receipt-numbers',
    description:
      "Receipt numbers are SN-<year>-<6 digits>, the year being the Lagos year of paid_at; every 'success' payment has one and no other payment has one; per year they are unique and gap-free: exactly the numbers 1..N with N = receipt_counters.last for that year.",
    sql: `
      with numbered as (
        select id, reference, status, paid_at, receipt_number,
          case when receipt_number ~ '^SN-[0-9]{4}-[0-9]{6}$'
            then substr(receipt_number, 4, 4)::int end as year,
          case when receipt_number ~ '^SN-[0-9]{4}-[0-9]{6}$'
            then substr(receipt_number, 9)::int end as n
        from payments
      )
      select id::text as payment_id, reference, status, receipt_number, null::int as year,
        case
          when status = 'success' and receipt_number is null then 'success without a receipt number'
          when status <> 'success' and receipt_number is not null then 'receipt number on a payment that did not succeed'
          when year is null then 'malformed receipt number'
          else 'receipt year is not the Lagos year of paid_at'
        end as problem
      from numbered
      where (status = 'success' and receipt_number is null)
        or (status <> 'success' and receipt_number is not null)
        or (receipt_number is not null and year is null)
        or (year is not null and year <> extract(year from paid_at at time zone 'Africa/Lagos')::int)
      union all
      select null, null, null, null, coalesce(y.year, c.year),
        format('year %s: %s numbers (%s distinct) from %s to %s, counter at %s',
          coalesce(y.year, c.year), coalesce(y.total, 0), coalesce(y.distinct_n, 0), y.lowest, y.highest, c.last)
      from (
        select year, count(*)::int as total, count(distinct n)::int as distinct_n,
          min(n) as lowest, max(n) as highest
        from numbered where year is not null group by year
      ) y
      full join receipt_counters c on c.year = y.year
      where y.year is null or c.year is null
        or not (y.total = y.distinct_n and y.lowest = 1 and y.highest = c.last and y.total = c.last)`,
  },
  {
    // Why: a year on a plan is paid in several payments; a race, a refund or a second path that
    // writes a part must never take more than the year's rent, nor let a part say it is paid by
    // money no standing payment put on it (docs/domain.md, "Rent plans").
    name: 'rent-parts-paid-by-payments',
    description:
      "A tenancy-year's parts: each part's paid is between 0 and its amount and equals what standing rent payments (success, not owed back) allocated to it; the year's parts add up to the rent its first payment split (payments.rent_year); every allocation is of a standing rent payment of the tenancy's student and room, and a standing rent payment since plans allocated exactly its amount.",
    sql: `
      select 'part' as what, rp.id, rp.tenancy_id, rp.paid, rp.amount,
        coalesce((select sum(a.amount) from rent_part_payments a where a.rent_part_id = rp.id), 0)::int as allocated
      from rent_parts rp
      where rp.paid < 0 or rp.paid > rp.amount
        or rp.paid <> coalesce((select sum(a.amount) from rent_part_payments a where a.rent_part_id = rp.id), 0)
      union all
      select 'year', min(y.id::text)::uuid, y.tenancy_id, sum(y.paid)::int, sum(y.amount)::int, null
      from rent_parts y
      group by y.tenancy_id, y.year_start
      having sum(y.paid) > sum(y.amount)
        or sum(y.amount) <> coalesce((
          select max(p.rent_year) from rent_part_payments a2
          join rent_parts y2 on y2.id = a2.rent_part_id and y2.number = 1
          join payments p on p.id = a2.payment_id
          where y2.tenancy_id = y.tenancy_id and y2.year_start = y.year_start and p.rent_plan is not null), sum(y.amount))
      union all
      select 'allocation', a.id, rp.tenancy_id, a.amount, p.amount, null
      from rent_part_payments a
      join rent_parts rp on rp.id = a.rent_part_id
      join tenancies t on t.id = rp.tenancy_id
      join payments p on p.id = a.payment_id
      where p.kind <> 'rent' or p.status <> 'success' or p.needs_refund
        or p.user_id <> t.user_id or p.room_id <> t.room_id
      union all
      select 'payment', p.id, null, p.amount,
        coalesce((select sum(a.amount) from rent_part_payments a where a.payment_id = p.id), 0)::int, null
      from payments p
      where p.kind = 'rent' and p.status = 'success' and not p.needs_refund
        and exists (select 1 from rent_part_payments a where a.payment_id = p.id)
        and p.amount <> (select sum(a.amount) from rent_part_payments a where a.payment_id = p.id)`,
  },
  {
    // Why: every rule above reads statuses and their timestamps; a row outside its state machine
    // (a success with no paid_at, a refund processed with no date) makes them all misjudge it.
    name: 'states-and-their-fields',
    description:
      'Every row is in a state its state machine allows, with the fields that state needs: payments pending|success|failed|abandoned, a success has paid_at, needs_refund only on a success (and with a refund_reason); refunds pending|unknown|processed|failed, processed_at set exactly when processed, an unknown one was handed to the provider (sent_at); bookings pending|confirmed|inspected|cancelled|expired, a confirmed or inspected one has confirmed_at, and the agent fee of an inspected one began a tenancy; rooms available|booked|rented; a tenancy with an end_reason has ended_at and move_out_recorded_at.',
    sql: `
      select 'payments' as entity, id, status,
        case
          when status not in ('pending', 'success', 'failed', 'abandoned') then 'unknown status'
          when status = 'success' and paid_at is null then 'success without paid_at'
          when needs_refund and status <> 'success' then 'needs_refund on a payment that did not succeed'
          else 'needs_refund without a refund_reason'
        end as problem
      from payments
      where status not in ('pending', 'success', 'failed', 'abandoned')
        or (status = 'success' and paid_at is null)
        or (needs_refund and (status <> 'success' or refund_reason is null))
      union all
      select 'refunds', id, status,
        case
          when status not in ('pending', 'unknown', 'processed', 'failed') then 'unknown status'
          when status = 'unknown' and sent_at is null then 'outcome unknown of a refund never sent'
          when status = 'processed' then 'processed without processed_at'
          else 'processed_at on a refund that is not processed'
        end
      from refunds
      where status not in ('pending', 'unknown', 'processed', 'failed')
        or (status = 'unknown' and sent_at is null)
        or ((status = 'processed') <> (processed_at is not null))
      union all
      select 'bookings', b.id, b.status,
        case when b.status not in ('pending', 'confirmed', 'inspected', 'cancelled', 'expired') then 'unknown status'
          when b.confirmed_at is null then 'confirmed or inspected without confirmed_at'
          else 'inspected, but no tenancy began with its agent fee' end
      from bookings b
      where b.status not in ('pending', 'confirmed', 'inspected', 'cancelled', 'expired')
        or (b.status in ('confirmed', 'inspected') and b.confirmed_at is null)
        or (b.status = 'inspected' and not exists (
          select 1 from payments f join tenancies t on t.agent_fee_payment_id = f.id where f.booking_id = b.id))
      union all
      select 'rooms', id, status, 'unknown status'
      from rooms where status not in ('available', 'booked', 'rented')
      union all
      select 'tenancies', id, end_reason, 'ended (end_reason) without ended_at or move_out_recorded_at'
      from tenancies
      where end_reason is not null and (ended_at is null or move_out_recorded_at is null)`,
  },
  {
    // Why: a transfer to a student's account number pays what she owes or waits as her credit; money
    // applied without a payment to show for it, or a payment no transfer accounts for, is money lost
    // or made up (docs/domain.md, "Bank transfers").
    name: 'transfer-accounted-for',
    description:
      'Every bank transfer is accounted for: its amount is what was applied from it plus what is held plus what was refunded, none negative, and what was applied is exactly the successful payments recorded from it (payments.transfer_reference).',
    sql: `
      select b.id as transfer_id, b.provider_reference, b.amount, b.applied, b.held, b.refunded, paid.amount as paid
      from bank_transfers b
      cross join lateral (
        select coalesce(sum(p.amount), 0)::int as amount from payments p
        where p.transfer_reference = b.provider_reference and p.status = 'success') paid
      where b.amount <> b.applied + b.held + b.refunded
        or least(b.applied, b.held, b.refunded) < 0
        or b.applied <> paid.amount`,
  },
];

/** One broken invariant: how many rows break it, and the first few of them. */
export type Violation = {
  name: string;
  description: string;
  count: number;
  examples: Record<string, unknown>[];
};

/** What `checkLedger` needs of a database: drizzle's `execute` (PGlite and node-postgres alike). */
export type LedgerDb = { execute: (query: SQL) => PromiseLike<unknown> };

/** Rows of a `db.execute` answer: both drivers answer `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows?: Record<string, unknown>[] }).rows ?? [];

/**
 * Runs every invariant (one at a time: a transaction handed in runs its statements in order) and
 * returns those that are broken, each with up to `examples` of its rows. An empty list: the
 * ledger holds.
 */
export async function checkLedger(
  db: LedgerDb,
  opts: { examples?: number; invariants?: readonly Invariant[] } = {},
): Promise<Violation[]> {
  const examples = opts.examples ?? 5;
  const violations: Violation[] = [];
  for (const inv of opts.invariants ?? INVARIANTS) {
    const rows = rowsOf(await db.execute(sql.raw(inv.sql)));
    if (rows.length) {
      violations.push({
        name: inv.name,
        description: inv.description,
        count: rows.length,
        examples: rows.slice(0, examples),
      });
    }
  }
  return violations;
}
