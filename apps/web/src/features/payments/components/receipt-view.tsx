import type { ReactNode } from 'react';
import { formatNaira } from '../../../lib/format.ts';
import type { ReceiptDocument, ReceiptValue } from './receipt-content.ts';

const show = (v: ReceiptValue) => (typeof v === 'string' ? v : formatNaira(v.naira));

/** The receipt as a page: the same sections and notes the PDF carries. */
export function ReceiptView({ receipt, actions }: { receipt: ReceiptDocument; actions: ReactNode }) {
  return (
    <article className="card mx-auto flex w-full max-w-2xl flex-col gap-6 p-5 sm:p-8">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-ok-50 text-ok-700">
          <svg
            viewBox="0 0 24 24"
            className="size-8"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.5}
            aria-hidden="true"
          >
            <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="text-2xl sm:text-3xl">{receipt.title}</h1>
        <p className="text-muted">{receipt.subtitle}</p>
        {receipt.receiptNumber && (
          <p className="font-semibold">
            Receipt number: <span className="font-mono">{receipt.receiptNumber}</span>
          </p>
        )}
        <p className="text-xs break-all text-muted">
          Reference: <span className="font-mono">{receipt.reference}</span>
          {receipt.paidOn && <> · Paid on {receipt.paidOn}</>}
        </p>
      </header>

      {receipt.sections.map((section) => (
        <section key={section.heading} aria-label={section.heading}>
          <h2 className="mb-3 border-b border-line pb-2 text-lg text-brand-800">{section.heading}</h2>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)] sm:gap-y-2">
            {section.rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm text-muted sm:text-base">{label}</dt>
                <dd className="mb-2 font-semibold break-words sm:mb-0">{show(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      {receipt.notes.map((note) => (
        <section key={note.heading} aria-label={note.heading} className="rounded-lg bg-subtle p-4">
          <h2 className="mb-2 text-lg text-brand-800">{note.heading}</h2>
          {note.paragraphs.map((p) => (
            <p key={p} className="mb-1 text-sm sm:text-base">
              {p}
            </p>
          ))}
          {note.signature && <p className="mt-3 font-semibold italic">{note.signature}</p>}
        </section>
      ))}

      <div className="flex flex-col gap-3 sm:flex-row">{actions}</div>
    </article>
  );
}
