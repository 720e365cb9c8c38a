import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatNaira } from '@studynest/contracts/format';
import type { ReceiptDocument, ReceiptValue } from '@studynest/contracts/receipt';
import type { Font } from 'fontkit';
import type QRCodeModule from 'qrcode';

const require = createRequire(import.meta.url);

/**
 * How a receipt is drawn, as a number: part of a stored PDF's key (receipt-pdf-store.ts), so PDFs
 * drawn by older code are never served once this changes. Raise it with any change to this file
 * that changes what a PDF looks like; the words are covered by the key already (they are hashed).
 * receipt-pdf-store.test.ts fails when this file changes, as a reminder.
 */
export const RECEIPT_LAYOUT_VERSION = 1;

/**
 * DejaVu Sans has the naira sign (U+20A6) that PDF's built-in fonts lack. pdfkit embeds only the
 * glyphs a receipt uses, so the ~750 KB file costs a receipt a few KB. pdfkit, qrcode and the fonts
 * are loaded on the first receipt, once per thread: an idle server does not carry them.
 *
 * The fonts are parsed (fontkit) once and the parsed fonts handed to every document: given the
 * file's bytes, pdfkit parses the font again for each document, which was ~70% of a receipt's
 * ~65 ms. Parsed once, a receipt takes ~20 ms. A document only reads the parsed font (each one
 * makes its own subset), and a thread draws one document at a time.
 */
export type PdfTools = {
  PDFDocument: typeof import('pdfkit');
  QRCode: typeof QRCodeModule;
  fonts: { regular: Font; bold: Font };
};
let pdfTools: Promise<PdfTools> | undefined;
export const loadPdfTools = (): Promise<PdfTools> => {
  pdfTools ??= Promise.all([import('pdfkit'), import('qrcode'), import('fontkit')]).then(
    ([pdfkit, qrcode, fontkit]) => {
      const font = (file: string) => fontkit.create(readFileSync(require.resolve(file)));
      return {
        PDFDocument: pdfkit.default,
        QRCode: qrcode.default,
        fonts: {
          regular: font('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
          bold: font('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
        },
      };
    },
  );
  return pdfTools;
};

// A4 in points; the colours are the web receipt's.
export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const VALUE_X = PAGE.margin + 170;
export const COLOURS = { brand: '#0c4a43', ink: '#17212b', muted: '#4b5563', line: '#d9dee5' };
const { brand: BRAND, ink: INK, muted: MUTED, line: LINE } = COLOURS;
const QR_SIZE = 96;

const show = (v: ReceiptValue) => (typeof v === 'string' ? v : formatNaira(v.naira));

/** Draw a QR code as filled squares: vector, sharp at any zoom, a few hundred bytes. */
export function drawQr(
  QRCode: PdfTools['QRCode'],
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
}

/** The receipt as a one-page A4 PDF with selectable text (docs/domain.md, Receipts). */
export async function renderReceiptPdf(receipt: ReceiptDocument, verifyUrl: string): Promise<Buffer> {
  const { PDFDocument, QRCode, fonts } = await loadPdfTools();
  const { regular, bold } = fonts;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: regular as unknown as string,
    info: { Title: `Receipt ${receipt.receiptNumber ?? receipt.reference}`, Author: receipt.company },
  });
  // pdfkit takes a parsed fontkit font as well as a file (its types list only the latter).
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const m = PAGE.margin;
  let y = m;
  const text = (s: string, x: number, top: number, opts: PDFKit.Mixins.TextOptions = {}) => {
    doc.text(s, x, top, { lineBreak: true, ...opts });
    return doc.y;
  };

  // Header: who issued it, and its number.
  doc.font('bold').fontSize(18).fillColor(BRAND);
  text(receipt.company, m, y, { width: CONTENT - 200 });
  doc.font('bold').fontSize(11).fillColor(INK);
  text('RECEIPT', m, y + 2, { width: CONTENT, align: 'right' });
  doc.font('regular').fontSize(10).fillColor(MUTED);
  text(receipt.receiptNumber ?? '', m, y + 17, { width: CONTENT, align: 'right' });
  y += 40;
  doc
    .moveTo(m, y)
    .lineTo(m + CONTENT, y)
    .lineWidth(1)
    .strokeColor(BRAND)
    .stroke();
  y += 18;

  doc.font('bold').fontSize(16).fillColor(INK);
  y = text(receipt.title, m, y, { width: CONTENT }) + 4;
  doc.font('regular').fontSize(10.5).fillColor(MUTED);
  y = text(receipt.subtitle, m, y, { width: CONTENT }) + 14;

  const row = (label: string, value: string, valueFont: 'regular' | 'bold' = 'regular') => {
    doc.font('regular').fontSize(10.5).fillColor(MUTED);
    text(label, m, y, { width: VALUE_X - m - 10 });
    const labelBottom = doc.y;
    doc.font(valueFont).fillColor(INK);
    const valueBottom = text(value, VALUE_X, y, { width: m + CONTENT - VALUE_X });
    y = Math.max(labelBottom, valueBottom) + 5;
  };
  const heading = (s: string) => {
    y += 6;
    doc.font('bold').fontSize(12).fillColor(BRAND);
    y = text(s, m, y, { width: CONTENT }) + 3;
    doc
      .moveTo(m, y)
      .lineTo(m + CONTENT, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    y += 7;
  };

  heading('Receipt');
  if (receipt.receiptNumber) row('Receipt number', receipt.receiptNumber, 'bold');
  row('Payment reference', receipt.reference);
  if (receipt.paidOn) row('Paid on', `${receipt.paidOn} (Lagos time)`);

  for (const section of receipt.sections) {
    heading(section.heading);
    for (const [label, value] of section.rows) {
      row(label, show(value), typeof value === 'string' ? 'regular' : 'bold');
    }
  }

  for (const note of receipt.notes) {
    heading(note.heading);
    doc.font('regular').fontSize(10.5).fillColor(INK);
    for (const p of note.paragraphs) y = text(p, m, y, { width: CONTENT }) + 3;
    if (note.signature) {
      doc.font('bold');
      y = text(note.signature, m, y + 4, { width: CONTENT }) + 3;
    }
  }

  // Footer: the QR code that checks this receipt, and the company's postal address.
  const footerTop = PAGE.height - m - QR_SIZE;
  drawQr(QRCode, doc, verifyUrl, m + CONTENT - QR_SIZE, footerTop, QR_SIZE);
  const footerWidth = CONTENT - QR_SIZE - 16;
  doc.font('bold').fontSize(10).fillColor(INK);
  let fy = text('Is this receipt genuine?', m, footerTop + 4, { width: footerWidth }) + 2;
  doc.font('regular').fontSize(9).fillColor(MUTED);
  fy = text('Scan the code, or open this address:', m, fy, { width: footerWidth }) + 1;
  doc.fillColor(BRAND);
  fy = text(verifyUrl, m, fy, { width: footerWidth, link: verifyUrl }) + 10;
  doc.font('bold').fontSize(9).fillColor(INK);
  fy = text(receipt.company, m, fy, { width: footerWidth }) + 1;
  doc.font('regular').fillColor(MUTED);
  text(receipt.companyAddress, m, fy, { width: footerWidth });

  doc.end();
  return done;
}
