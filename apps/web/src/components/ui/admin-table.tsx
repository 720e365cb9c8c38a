import { Fragment, type ReactNode } from 'react';

/** One column: its header, what each row shows in it, and the cell's classes. */
export type Column<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells (`whitespace-nowrap`, `text-right`, …). */
  className?: string;
  /** Classes of the header cell, when it needs its own (`text-right` over numbers). */
  headerClassName?: string;
  /** The cell that names its row (a `th scope="row"`), so a screen reader announces it with each value. */
  rowHeader?: boolean;
};

/**
 * Every admin table (and the reports' tables): columns as data (written first: they are what
 * differs from table to table), the rows, their key. On narrow
 * screens the table scrolls sideways inside its own box, never the page; the box is a labelled,
 * focusable region, so keyboard users can scroll it too. The columns come in the order given, so
 * each screen puts the ones a phone must show without scrolling first. `minWidth` is the width below
 * which it scrolls (a class such as `min-w-[44rem]`).
 *
 * `empty` stands in for the table when there are no rows; `cards` shows each row as a card on phones
 * instead (the table from `md` up); `after` adds rows beneath a row (a detail that opens in place),
 * `footer` rows after all of them (a total).
 */
export function AdminTable<T>({
  label,
  caption,
  columns,
  rows,
  rowKey = (row) => (row as { _id: string })._id,
  minWidth = '',
  empty,
  rowClassName,
  after,
  footer,
  cards,
}: {
  label: string;
  caption?: string;
  columns: (Column<T> | false | null | undefined)[];
  rows: readonly T[];
  /** What tells rows apart; rows that carry an `_id` (most API answers) need none. */
  rowKey?: (row: T) => string;
  minWidth?: string;
  empty?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  after?: (row: T) => ReactNode;
  footer?: ReactNode;
  cards?: { label: string; render: (row: T) => ReactNode; className?: (row: T) => string };
}) {
  if (rows.length === 0 && empty !== undefined) return <p className="card text-muted">{empty}</p>;
  const shown = columns.filter((c): c is Column<T> => Boolean(c));
  const table = (
    <section
      className={`relative overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white ${cards ? 'hidden md:block' : ''}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      <table className={`table-base ${minWidth}`}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {shown.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
              <th key={i} scope="col" className={c.headerClassName}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={rowKey(row)}>
              <tr className={rowClassName?.(row)}>
                {shown.map((c, i) =>
                  c.rowHeader ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                    <th key={i} scope="row" className={c.className ?? 'font-medium'}>
                      {c.cell(row)}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table's life
                    <td key={i} className={c.className}>
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
              {after?.(row)}
            </Fragment>
          ))}
          {footer}
        </tbody>
      </table>
    </section>
  );
  if (!cards) return table;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={cards.label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={`card flex flex-col gap-3 ${cards.className?.(row) ?? ''}`}>
            {cards.render(row)}
          </li>
        ))}
      </ul>
      {table}
    </>
  );
}

/** A cell of two lines: what it is, and a smaller, muted detail (an address, a unit, an e-mail). */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <span className="block">{first}</span>
      <span className="block text-xs text-muted">{second}</span>
    </>
  );
}

/**
 * A person in a cell: the name, then the e-mail and the phone number, as links to write or call
 * when `links` is set.
 */
export function Person({
  person,
  links = false,
}: {
  person: { first_name: string; last_name: string; email: string; phone_number: string };
  links?: boolean;
}) {
  const line = 'block text-xs break-all';
  return (
    <>
      <span className="block font-medium capitalize">
        {person.first_name} {person.last_name}
      </span>
      {links ? (
        <>
          <a href={`mailto:${person.email}`} className={`${line} text-brand-700 underline`}>
            {person.email}
          </a>
          <a href={`tel:${person.phone_number}`} className={`${line} text-brand-700 underline`}>
            {person.phone_number}
          </a>
        </>
      ) : (
        <>
          <span className={`${line} text-muted`}>{person.email}</span>
          <span className={`${line} text-muted`}>{person.phone_number}</span>
        </>
      )}
    </>
  );
}
