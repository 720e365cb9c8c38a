import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { TestApp } from '../../../test/build-test-app.ts';
import type { SignedIn } from '../../../test/factories.ts';
import { send } from '../../../test/requests.ts';

/** A PDF read as a person would: its pages' text (pdftotext), page count, and the QR code on its last page. */
export function readAgreementPdf(pdf: Buffer, pagesOfText?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'agreement-'));
  try {
    const file = path.join(dir, 'agreement.pdf');
    writeFileSync(file, pdf);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    const upTo = pagesOfText ?? pages;
    const text = execFileSync('pdftotext', ['-l', String(upTo), file, '-'], { encoding: 'utf8' });
    execFileSync('pdftoppm', [
      '-r',
      '150',
      '-png',
      '-f',
      String(pages),
      '-singlefile',
      file,
      path.join(dir, 'last'),
    ]);
    const png = PNG.sync.read(readFileSync(path.join(dir, 'last.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return { text, pages, qr: qr?.data ?? null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext's line breaks read as single spaces. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The student accepts the agreement drawn for her rent of the room, as the page does (typed name, tick). */
export async function acceptRentAgreement(t: TestApp, student: SignedIn, roomId: string): Promise<void> {
  const drawn = await send(t, student, 'GET', `/api/agreements/rent?room_id=${roomId}`);
  if (drawn.statusCode !== 200) throw new Error(`agreement failed: ${drawn.statusCode} ${drawn.body}`);
  const a = drawn.json() as { _id: string; document_sha256: string };
  const accepted = await send(t, student, 'POST', `/api/agreements/${a._id}/accept`, {
    full_name: `${student.user.firstName} ${student.user.lastName}`,
    agree: true,
    document_sha256: a.document_sha256,
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
}
