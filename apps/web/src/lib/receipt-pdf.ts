import type { jsPDF } from 'jspdf';

/** One value on a receipt: plain text, or an amount (shown as ₦ on screen, as NGN in the PDF). */
export type ReceiptValue = string | { naira: number };
export type ReceiptSection = { heading: string; rows: [label: string, value: ReceiptValue][] };
export type ReceiptNote = { heading: string; paragraphs: string[]; signature?: string };

/** What a receipt says: the screen and the PDF are both drawn from this, so they never disagree. */
export type ReceiptDocument = {
  title: string;
  subtitle: string;
  sections: ReceiptSection[];
  notes: ReceiptNote[];
  reference: string;
  /** When the payment was made, already formatted for people. */
  paidOn: string | null;
  company: string;
  companyAddress: string;
};

const PAGE_WIDTH = 210;
const MARGIN = 15;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const VALUE_X = 78;
const BRAND: [number, number, number] = [12, 74, 67];
const INK: [number, number, number] = [23, 33, 43];
const MUTED: [number, number, number] = [75, 85, 99];
const LINE: [number, number, number] = [217, 222, 229];

/**
 * jsPDF's built-in fonts (Helvetica) only cover WinAnsi and have no '₦' glyph, so amounts are
 * written 'NGN 650,000' rather than embedding a ~100 KB font just for one sign. Anything else
 * outside plain ASCII that our own texts might carry is replaced the same way.
 */
const nairaNumber = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });
export const pdfNaira = (amount: number) => `NGN ${nairaNumber.format(amount)}`;
const pdfText = (s: string) =>
  s
    .replace(/₦\s?/g, 'NGN ')
    // Intl puts (narrow) no-break spaces in dates and times ('4:08 am'); Helvetica lacks U+202F.
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/…/g, '...')
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"');
const valueText = (v: ReceiptValue) => (typeof v === 'string' ? pdfText(v) : pdfNaira(v.naira));

/**
 * Lays the receipt out top to bottom and returns the height used. Run once without drawing to
 * measure (so the page can be exactly as tall as its content), then again to draw.
 */
function layout(doc: jsPDF, r: ReceiptDocument, draw: boolean): number {
  const put = (text: string | string[], x: number, y: number, options?: { align?: 'right' }) => {
    if (draw) doc.text(text, x, y, options);
  };
  const font = (size: number, style: 'normal' | 'bold' | 'italic', colour = INK) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...colour);
  };
  const lineHeight = (size: number) => size * 0.3528 * 1.35; // pt → mm, with leading

  // Header band.
  if (draw) {
    doc.setFillColor(...BRAND);
    doc.rect(0, 0, PAGE_WIDTH, 26, 'F');
  }
  font(18, 'bold', [255, 255, 255]);
  put('StudyNest', MARGIN, 13);
  font(10, 'normal', [255, 255, 255]);
  put('Payment receipt', MARGIN, 20);
  put(pdfText(r.company), PAGE_WIDTH - MARGIN, 13, { align: 'right' });
  let y = 37;

  font(16, 'bold');
  put(pdfText(r.title), MARGIN, y);
  y += lineHeight(16) + 1;
  font(11, 'normal', MUTED);
  const subtitle = doc.splitTextToSize(pdfText(r.subtitle), CONTENT) as string[];
  put(subtitle, MARGIN, y);
  y += subtitle.length * lineHeight(11) + 1;
  font(9, 'normal', MUTED);
  put(
    `Reference: ${pdfText(r.reference)}${r.paidOn ? `   |   Paid on: ${pdfText(r.paidOn)}` : ''}`,
    MARGIN,
    y,
  );
  y += 10;

  for (const section of r.sections) {
    font(12, 'bold', BRAND);
    put(pdfText(section.heading), MARGIN, y);
    y += 2;
    if (draw) {
      doc.setDrawColor(...LINE);
      doc.setLineWidth(0.3);
      doc.line(MARGIN, y, PAGE_WIDTH - MARGIN, y);
    }
    y += 5.5;
    for (const [label, value] of section.rows) {
      font(10, 'bold');
      const lines = doc.splitTextToSize(valueText(value), PAGE_WIDTH - MARGIN - VALUE_X) as string[];
      put(lines, VALUE_X, y);
      font(10, 'normal', MUTED);
      const labelLines = doc.splitTextToSize(pdfText(label), VALUE_X - MARGIN - 4) as string[];
      put(labelLines, MARGIN, y);
      y += Math.max(lines.length, labelLines.length) * lineHeight(10) + 1.8;
    }
    y += 4;
  }

  for (const note of r.notes) {
    font(12, 'bold', BRAND);
    put(pdfText(note.heading), MARGIN, y);
    y += lineHeight(12) + 0.5;
    font(10, 'normal');
    for (const paragraph of note.paragraphs) {
      const lines = doc.splitTextToSize(pdfText(paragraph), CONTENT) as string[];
      put(lines, MARGIN, y);
      y += lines.length * lineHeight(10) + 1.5;
    }
    if (note.signature) {
      font(10, 'italic');
      put(pdfText(note.signature), MARGIN, y + 1);
      y += lineHeight(10) + 1;
    }
    y += 4;
  }

  // Footer.
  if (draw) {
    doc.setDrawColor(...LINE);
    doc.line(MARGIN, y, PAGE_WIDTH - MARGIN, y);
  }
  y += 5;
  font(8, 'normal', MUTED);
  const address = r.companyAddress.startsWith(r.company)
    ? r.companyAddress
    : `${r.company}, ${r.companyAddress}`;
  const footer = doc.splitTextToSize(pdfText(address), CONTENT) as string[];
  put(footer, MARGIN, y);
  y += footer.length * lineHeight(8);
  return y + 6;
}

/**
 * Builds the receipt as a one-page PDF with real (selectable, searchable) text, 210 mm wide and
 * exactly as tall as its content, and saves it as receipt.pdf (docs/domain.md, "Receipts"). jsPDF is loaded only
 * when someone asks for the download, so it never weighs on the receipt screen itself.
 */
export async function downloadReceiptPdf(receipt: ReceiptDocument): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const height = Math.ceil(layout(new jsPDF({ unit: 'mm', format: [PAGE_WIDTH, 297] }), receipt, false));
  // jsPDF orders [width, height] by orientation, so say which side is longer.
  const doc = new jsPDF({
    unit: 'mm',
    format: [PAGE_WIDTH, height],
    orientation: height >= PAGE_WIDTH ? 'portrait' : 'landscape',
  });
  doc.setProperties({ title: `StudyNest receipt ${receipt.reference}`, author: receipt.company });
  layout(doc, receipt, true);
  doc.save('receipt.pdf');
}
