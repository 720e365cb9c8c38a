import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

/**
 * Whether deleting this row would lose records that point at it: asked of the database's own
 * catalogue, so the owner of a table can refuse to delete or move a row that other modules'
 * records depend on without knowing who they are (a hostel knows nothing of the bookings,
 * payments and tenancies that name it or its rooms). A reference through a foreign key that
 * cascades is followed to the rows that would be deleted with this one; any other reference
 * counts. The catalogue is read on each call: this serves rare admin edits.
 */
export async function rowIsReferenced(db: DbOrTx, table: string, id: string): Promise<boolean> {
  const referencing = rowsOf(
    await db.execute(sql`
      select cl.relname as "table", att.attname as "column", con.confdeltype = 'c' as "cascades"
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
      where con.contype = 'f' and con.confrelid = ${table}::regclass and array_length(con.conkey, 1) = 1`),
  );
  for (const ref of referencing) {
    const child = sql.identifier(String(ref.table));
    const column = sql.identifier(String(ref.column));
    if (ref.cascades) {
      const children = rowsOf(
        await db.execute(sql`select id::text as id from ${child} where ${column} = ${id}`),
      );
      for (const c of children) if (await rowIsReferenced(db, String(ref.table), String(c.id))) return true;
    } else if (rowsOf(await db.execute(sql`select 1 from ${child} where ${column} = ${id} limit 1`)).length) {
      return true;
    }
  }
  return false;
}
