import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text of a PDF (poppler's pdftotext), its QR code decoded from a 150 dpi render, and its page count. */
export function readPdf(pdf: Buffer) {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-'));
  try {
    const file = path.join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    return { text, pages, qr: qr?.data ?? null };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
