import { Readable } from 'node:stream';
import type { ReportPeriod } from '@studynest/contracts';
import { asc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

/**
 * Text a spreadsheet must show exactly as written, never read as a number: a phone number's leading
 * 0 (0803…) or + would otherwise be dropped and the rest shown as 8031234567 or 2.34803E+12.
 */
export class KeptText {
  constructor(readonly text: string) {}
}

/** A CSV cell: text, text kept as written, a whole number (naira, days), a flag, or nothing. */
export type Cell = string | KeptText | number | boolean | null;

/** Where the previous batch stopped: its last row's sort key (as the database wrote it) and id. */
export type ExportKey = { at: string; id: string };
export type ExportRow = { key: ExportKey; cells: Cell[] };

/**
 * One CSV export (docs/domain.md, "Reports"): its header, and how to read the next batch of rows
 * after a key, in key order. Rows are read in batches by keyset, never all at once.
 */
export type CsvExport = {
  columns: readonly string[];
  batch: (db: Db, period: ReportPeriod, after: ExportKey | null, limit: number) => Promise<ExportRow[]>;
};

/**
 * Keyset paging on (sort column, id): the condition for rows after `after`, the order, and the key
 * to select. The key is read as text so no precision is lost (timestamptz keeps microseconds).
 */
export function keyset(
  sort: AnyPgColumn,
  id: AnyPgColumn,
  cast: 'timestamptz' | 'date',
  after: ExportKey | null,
) {
  return {
    after: after
      ? sql`(${sort}, ${id}) > (${after.at}::${sql.raw(cast)}, ${after.id}::uuid)`
      : (undefined as SQL | undefined),
    orderBy: [asc(sort), asc(id)] as const,
    key: { at: sql<string>`${sort}::text`, id: sql<string>`${id}::text` },
  };
}

/**
 * Text that a spreadsheet would run as a formula (=, @, a tab or carriage return first, or + and -
 * before anything but a number) gets a leading apostrophe; phone numbers like +234… stay as they are.
 */
const FORMULA_START = /^(?:[=@\t\r]|[+-](?![\d\s]*$))/;

/**
 * One field as RFC 4180 has it: quoted when it holds a comma, a quote or a line break, and also a
 * semicolon, which spreadsheets set up for a locale with a decimal comma take as the separator.
 */
function field(cell: Cell): string {
  if (cell === null) return '';
  if (cell instanceof KeptText) return keptText(cell.text);
  if (typeof cell !== 'string') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Kept text is written as the formula `="0803…"`, whose value is the text itself: Excel, LibreOffice
 * and Google Sheets all open it as text with the 0 kept, with no import settings. (A leading
 * apostrophe is shown as part of the value when a CSV is opened, and a leading tab stays in the cell
 * and comes along when the number is copied.) Only digits, a leading + and spaces are written so,
 * so no other formula can be formed this way; anything else is an ordinary field, formula guard and all.
 */
function keptText(text: string): string {
  return /^\+?[\d ]+$/.test(text) ? `"=""${text}"""` : field(text);
}

/** One CSV record with its CRLF line break. */
export const csvLine = (cells: readonly Cell[]) => `${cells.map(field).join(',')}\r\n`;

/** UTF-8 byte order mark: tells Excel the file is UTF-8 (₦ and names with accents read right). */
const BOM = '\uFEFF';

/**
 * The export as a stream: the BOM, the header and the first batch of `batchSize` rows, then one chunk
 * per batch, read only as fast as the client takes them (the stream pulls the next batch when the
 * last is written). The first batch is read before the stream is returned, so a failure there is
 * thrown to the caller while nothing has been sent; a later one destroys the stream with the error.
 */
export async function csvStream(
  db: Db,
  spec: CsvExport,
  period: ReportPeriod,
  batchSize = 1000,
): Promise<Readable> {
  const first = await spec.batch(db, period, null, batchSize);
  const chunk = (rows: ExportRow[]) => rows.map((r) => csvLine(r.cells)).join('');
  async function* lines() {
    yield BOM + csvLine(spec.columns) + chunk(first);
    let rows = first;
    for (;;) {
      const last = rows.at(-1);
      if (!last || rows.length < batchSize) return;
      rows = await spec.batch(db, period, last.key, batchSize);
      if (rows.length) yield chunk(rows);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
