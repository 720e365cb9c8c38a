import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../src/db/client.ts';

/** The same plain SQL over a PostgreSQL database or an embedded PGlite directory (server stopped). */
export type SqlClient = {
  query: <T = Record<string, unknown>>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
};

export async function openPostgres(url: string): Promise<SqlClient> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: () => client.end(),
  };
}

/** Opening the directory is itself a check after a SIGKILL: it must recover and open cleanly. */
export async function openPglite(dataDir: string): Promise<SqlClient> {
  const db = new PGlite(path.join(dataDir, 'db'), { extensions: PGLITE_EXTENSIONS });
  await db.waitReady;
  return {
    query: async <T>(text: string) => (await db.query<T>(text)).rows,
    close: () => db.close(),
  };
}

export const migrationCount = async (sql: SqlClient) =>
  Number(
    (await sql.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]?.n,
  );

/** References are ours (SN-AF-…/SN-RR-…): checked before they go into SQL text. */
const quoteRefs = (refs: string[]) => {
  for (const r of refs) if (!/^SN-(AF|RR)-[0-9A-F]+$/.test(r)) throw new Error(`unexpected reference ${r}`);
  return refs.length ? refs.map((r) => `'${r}'`).join(',') : `''`;
};

const applied = `p.status = 'success' and not p.needs_refund`;

/**
 * Each check lists the offending rows (a few, for the failure message); every list must be empty.
 * Seeded rooms are all available, so every booked or rented room must have a payment behind it.
 */
function checks(opts: { confirmed: string[]; settled: boolean }): [string, string][] {
  const list: [string, string][] = [
    [
      'successful agent fee not applied: booking not confirmed with the room booked, or inspected with it rented (and no needs_refund)',
      `select p.reference from payments p left join bookings b on b.id = p.booking_id join rooms r on r.id = p.room_id
       where p.kind = 'agent_fee' and ${applied}
         and not coalesce((b.status = 'confirmed' and r.status = 'booked') or (b.status = 'inspected' and r.status = 'rented'), false)`,
    ],
    [
      'successful rent not applied: no current tenancy for the payer or room not rented (and no needs_refund)',
      `select p.reference from payments p join rooms r on r.id = p.room_id
       where p.kind = 'rent' and ${applied} and not (r.status = 'rented' and exists (
         select 1 from tenancies t where t.room_id = p.room_id and t.user_id = p.user_id and t.ended_at is null))`,
    ],
    [
      'successful payment without paid_at',
      `select reference from payments where status = 'success' and paid_at is null`,
    ],
    [
      'room with more than one confirmed booking',
      `select room_id from bookings where status = 'confirmed' group by room_id having count(*) > 1`,
    ],
    [
      'room with more than one applied agent fee',
      `select p.room_id from payments p where p.kind = 'agent_fee' and ${applied} group by p.room_id having count(*) > 1`,
    ],
    [
      'room with more than one current tenancy',
      `select room_id from tenancies where ended_at is null group by room_id having count(*) > 1`,
    ],
    [
      'booked or rented room without an applied agent fee (an effect without its payment)',
      `select r.id from rooms r where r.status <> 'available' and not exists (
         select 1 from payments p where p.room_id = r.id and p.kind = 'agent_fee' and ${applied})`,
    ],
    [
      'confirmed booking without exactly one applied agent fee',
      `select b.id from bookings b where b.status = 'confirmed' and (
         select count(*) from payments p where p.booking_id = b.id and p.kind = 'agent_fee' and ${applied}) <> 1`,
    ],
    [
      'rented room without a current tenancy, or a current tenancy of a room not rented',
      `select r.id from rooms r where (r.status = 'rented') <> exists (
         select 1 from tenancies t where t.room_id = r.id and t.ended_at is null)`,
    ],
    [
      'tenant who is not the student that paid the agent fee (two holders)',
      `select t.id from tenancies t where t.ended_at is null and not exists (
         select 1 from payments p where p.room_id = t.room_id and p.user_id = t.user_id
           and p.kind = 'agent_fee' and ${applied})`,
    ],
    [
      'tenancy not backed by exactly one applied rent payment, or not 12 months long (rent applied twice)',
      `select t.id from tenancies t where t.ended_at is null and (
         (select count(*) from payments p where p.room_id = t.room_id and p.user_id = t.user_id
            and p.kind = 'rent' and ${applied}) <> 1
         or t.due_date <> (t.start_date + interval '12 months')::date)`,
    ],
    [
      'payment a client saw confirmed as success that is no longer success (lost)',
      `select x.reference from unnest(array[${quoteRefs(opts.confirmed)}]::text[]) as x(reference)
       where x.reference <> '' and not exists (
         select 1 from payments p where p.reference = x.reference and p.status = 'success')`,
    ],
  ];
  if (opts.settled) {
    // Pay records the decision, then applies it; a crash in between leaves a paid, pending row
    // that any later verify completes. After the re-verification sweep none may be left.
    list.push([
      'paid in the sandbox but not successful after re-verification',
      `select p.reference from payments p join sandbox_checkouts s on s.reference = p.reference where s.outcome = 'paid' and p.status <> 'success'`,
    ]);
  }
  return list;
}

export type Violation = { check: string; rows: unknown[] };

export async function findViolations(
  sql: SqlClient,
  opts: { confirmed: string[]; settled: boolean },
): Promise<Violation[]> {
  const out: Violation[] = [];
  for (const [check, text] of checks(opts)) {
    const rows = await sql.query(`${text} limit 5`);
    if (rows.length) out.push({ check, rows });
  }
  return out;
}

export type Facts = {
  payments: number;
  success: number;
  agent_fees_applied: number;
  rents_applied: number;
  needs_refund: number;
  paid_pending: number;
  confirmed_bookings: number;
  tenancies: number;
  rooms_booked: number;
  rooms_rented: number;
};

export async function facts(sql: SqlClient): Promise<Facts> {
  const [row] = await sql.query<Facts>(`select
    (select count(*)::int from payments) as payments,
    (select count(*)::int from payments where status = 'success') as success,
    (select count(*)::int from payments p where kind = 'agent_fee' and ${applied}) as agent_fees_applied,
    (select count(*)::int from payments p where kind = 'rent' and ${applied}) as rents_applied,
    (select count(*)::int from payments where needs_refund) as needs_refund,
    (select count(*)::int from payments p join sandbox_checkouts s on s.reference = p.reference where s.outcome = 'paid' and p.status = 'pending') as paid_pending,
    (select count(*)::int from bookings where status in ('confirmed', 'inspected')) as confirmed_bookings,
    (select count(*)::int from tenancies where ended_at is null) as tenancies,
    (select count(*)::int from rooms where status = 'booked') as rooms_booked,
    (select count(*)::int from rooms where status = 'rented') as rooms_rented`);
  return row!;
}
