import type { ReactNode } from 'react';

/**
 * A data table for admin screens. On narrow screens the table scrolls sideways inside its own box,
 * never the page, and the box is focusable so keyboard users can scroll it too.
 * `tableClassName` sets the width below which it scrolls (e.g. "min-w-[44rem]").
 */
export function ScrollTable({
  label,
  tableClassName,
  children,
}: {
  label: string;
  tableClassName: string;
  /** The table's thead and tbody. */
  children: ReactNode;
}) {
  return (
    <section
      className="relative overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      aria-label={label}
    >
      <table className={`table-base ${tableClassName}`}>{children}</table>
    </section>
  );
}
