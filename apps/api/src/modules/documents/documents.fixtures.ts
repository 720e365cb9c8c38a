import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { Caller } from '../../../test/requests.ts';
import { send, sendForm } from '../../../test/requests.ts';
import { multipart } from '../hostels/hostels.fixtures.ts';

/** Test support for the documents suites (not imported by the app). */

/** A real PDF of `pages` pages with some text, as a scanner or a phone's "save as PDF" writes. */
export async function realPdf(pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('Admission letter of Adaeze Okafor');
  doc.setAuthor('Registrar');
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 200]);
    page.drawText(`University of Nigeria, page ${i + 1}`, { x: 20, y: 150, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

/**
 * A PDF that runs JavaScript when opened (a document-level script and an open action), carries an
 * attachment, and has a link whose action is a script.
 */
export async function pdfWithJavaScript(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  doc.addJavaScript('hello', 'app.alert("hello from the PDF");');
  await doc.attach(Buffer.from('secret attachment'), 'notes.txt', { mimeType: 'text/plain' });
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert(1)') });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [0, 0, 100, 20],
    A: { S: 'JavaScript', JS: PDFString.of('app.alert(2)') },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  page.node.set(PDFName.of('AA'), doc.context.obj({ O: action }));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Upload one document as a browser form would. */
export async function uploadDocument(
  t: TestApp,
  who: Caller,
  kind: string,
  file: { data: Buffer; filename?: string; type?: string },
) {
  const form = await multipart({ kind }, [{ field: 'file', ...file }]);
  return sendForm(t, who, 'POST', '/api/documents', form);
}

/** A student whose proof of study and identity an admin has approved, as rent with paperwork needs. */
export async function approvedDocuments(t: TestApp, student: Caller, admin: Caller): Promise<void> {
  for (const kind of ['student_id', 'passport']) {
    const uploaded = await uploadDocument(t, student, kind, {
      data: await realPdf(1),
      filename: `${kind}.pdf`,
    });
    if (uploaded.statusCode !== 201)
      throw new Error(`upload failed: ${uploaded.statusCode} ${uploaded.body}`);
    const reviewed = await send(t, admin, 'POST', `/api/admin/documents/${uploaded.json()._id}/review`, {
      decision: 'approve',
    });
    if (reviewed.statusCode !== 200)
      throw new Error(`review failed: ${reviewed.statusCode} ${reviewed.body}`);
  }
}
