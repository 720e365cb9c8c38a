import {
  type AgreementTerms,
  agreementKeyTermRows,
  COMPANY,
  formatLagosDateTime,
  formatLagosLongDate,
} from '@studynest/contracts';
import { COLOURS, drawQr, loadPdfTools, PAGE } from '../receipts/index.ts';
import { agreementSections } from './agreement-template.ts';

/** What an acceptance page records (docs/domain.md, "Tenancy agreement"). */
export type AgreementAcceptance = {
  name: string;
  /** ISO instant. */
  at: string;
  ip: string;
  userAgent: string;
  documentSha256: string;
  verifyUrl: string;
};

export type AgreementPdfTask = {
  agreementNumber: string;
  templateVersion: string;
  terms: AgreementTerms;
  /** ISO instant the agreement was drawn: the PDF's creation date, so the same task draws the same pages. */
  drawnAt: string;
  /** With it, the signed copy: the agreement's pages, then the acceptance page. */
  acceptance?: AgreementAcceptance;
};

const { brand: BRAND, ink: INK, muted: MUTED, line: LINE } = COLOURS;
const M = PAGE.margin;
const CONTENT = PAGE.width - 2 * M;
const LABEL_W = 150;
const QR_SIZE = 110;

/** The key terms as label/value rows: the first thing she reads, as the web page repeats them. */
export function keyTermRows(t: AgreementTerms): [string, string][] {
  const term =
    t.term_kind === 'renewal'
      ? `${formatLagosLongDate(t.start_date)} to ${formatLagosLongDate(t.end_date)} (${t.term_months} months, renewal)`
      : `${t.term_months} months from the day the rent is paid (if paid ${formatLagosLongDate(t.start_date)}: to ${formatLagosLongDate(t.end_date)})`;
  return agreementKeyTermRows(t, term);
}

/** The agreement as an A4 PDF with selectable text; with `acceptance`, the signed copy. */
export async function renderAgreementPdf(task: AgreementPdfTask): Promise<Buffer> {
  const { PDFDocument, QRCode, fonts } = await loadPdfTools();
  const { terms, agreementNumber } = task;
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    bufferPages: true,
    font: fonts.regular as unknown as string,
    info: {
      Title: `Tenancy agreement ${agreementNumber}`,
      Author: COMPANY.name,
      CreationDate: new Date(task.drawnAt),
    },
  });
  doc.registerFont('regular', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const rule = (weight: number, colour: string) => {
    doc
      .moveTo(M, doc.y)
      .lineTo(M + CONTENT, doc.y)
      .lineWidth(weight)
      .strokeColor(colour)
      .stroke();
  };
  const row = (label: string, value: string) => {
    if (doc.y > PAGE.height - M - 60) doc.addPage();
    const top = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, M, top, { width: LABEL_W - 10 });
    const labelBottom = doc.y;
    doc
      .font('bold')
      .fillColor(INK)
      .text(value, M + LABEL_W, top, { width: CONTENT - LABEL_W });
    doc.y = Math.max(labelBottom, doc.y) + 4;
  };
  const heading = (s: string) => {
    if (doc.y > PAGE.height - M - 90) doc.addPage();
    doc.moveDown(0.6);
    doc.font('bold').fontSize(12).fillColor(BRAND).text(s, M, doc.y, { width: CONTENT });
    doc.moveDown(0.2);
    rule(0.5, LINE);
    doc.moveDown(0.4);
  };

  const { title, intro, sections } = agreementSections(terms);
  doc
    .font('bold')
    .fontSize(18)
    .fillColor(BRAND)
    .text(COMPANY.name, M, M, { width: CONTENT - 170 });
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(INK)
    .text(title.toUpperCase(), M, M + 2, {
      width: CONTENT,
      align: 'right',
    });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(MUTED)
    .text(agreementNumber, M, M + 17, {
      width: CONTENT,
      align: 'right',
    });
  doc.y = M + 40;
  rule(1, BRAND);
  doc.moveDown(1);
  doc.font('regular').fontSize(10.5).fillColor(INK).text(intro, M, doc.y, { width: CONTENT });

  heading('Key terms');
  for (const [label, value] of keyTermRows(terms)) row(label, value);

  for (const section of sections) {
    heading(section.heading);
    doc.font('regular').fontSize(10.5).fillColor(INK);
    for (const p of section.paragraphs) {
      doc.text(p, M, doc.y, { width: CONTENT });
      doc.moveDown(0.3);
    }
  }

  const agreementPages = doc.bufferedPageRange().count;
  if (task.acceptance) drawAcceptancePage(doc, QRCode, task.acceptance, row, heading);

  // A footer on every page: which agreement, which template, which page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const part = i < agreementPages ? `page ${i + 1}` : 'acceptance page';
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${COMPANY.name} · Tenancy agreement ${agreementNumber} · terms version ${task.templateVersion} · ${part}`,
        M,
        PAGE.height - M + 16,
        { width: CONTENT, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

function drawAcceptancePage(
  doc: PDFKit.PDFDocument,
  QRCode: Awaited<ReturnType<typeof loadPdfTools>>['QRCode'],
  a: AgreementAcceptance,
  row: (label: string, value: string) => void,
  heading: (s: string) => void,
) {
  doc.addPage();
  doc.font('bold').fontSize(16).fillColor(BRAND).text('Acceptance', M, M, { width: CONTENT });
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(10.5)
    .fillColor(INK)
    .text(
      'The Tenant accepted the tenancy agreement on the pages before this one, on StudyNest, by typing their full name and ticking the box “I have read and agree to this tenancy agreement”. StudyNest recorded:',
      M,
      doc.y,
      { width: CONTENT },
    );
  heading('Record of acceptance');
  row('Name typed', a.name);
  row('Accepted at', `${formatLagosDateTime(a.at)} (Lagos time) · ${a.at}`);
  row('IP address', a.ip);
  row('Browser (user agent)', a.userAgent || '(not sent)');
  row('SHA-256 of the agreement read', a.documentSha256);
  heading('Is this copy genuine?');
  const top = doc.y;
  drawQr(QRCode, doc, a.verifyUrl, M + CONTENT - QR_SIZE, top, QR_SIZE);
  const width = CONTENT - QR_SIZE - 16;
  doc
    .font('regular')
    .fontSize(9.5)
    .fillColor(INK)
    .text(
      'Scan the code or open the address below: StudyNest says whether this agreement was accepted, when, and the SHA-256 fingerprints of the agreement and of this signed copy. A copy whose bytes were changed in any way has another fingerprint.',
      M,
      top,
      { width },
    );
  doc.moveDown(0.4);
  doc.fillColor(BRAND).text(a.verifyUrl, M, doc.y, { width, link: a.verifyUrl });
}
