import { createHash } from 'node:crypto';
import type { ReceiptDocument } from '@studynest/contracts/receipt';
import type { FastifyBaseLogger } from 'fastify';
import type { PrivateStorage } from '../../storage/file-storage.ts';
import { RECEIPT_LAYOUT_VERSION } from './receipt-pdf.ts';
import type { ReceiptPdfPool } from './receipt-pdf-pool.ts';

/**
 * Where a receipt's PDF is kept: `receipts/<receipt number>/<sha-256>.pdf`, the hash taken over
 * everything the PDF shows — the receipt's words and amounts (refunds included), the verification
 * address in its QR code — and the layout version. Whatever changes what a receipt would show
 * gives it a new key, so a stored PDF is served only while it is what would be drawn now; nothing
 * has to remember to remove one (docs/domain.md, Receipts).
 */
export function receiptPdfKey(receipt: ReceiptDocument, verifyUrl: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([RECEIPT_LAYOUT_VERSION, receipt, verifyUrl]))
    .digest('hex');
  return `receipts/${(receipt.receiptNumber ?? receipt.reference).toLowerCase()}/${hash}.pdf`;
}

export type ReceiptPdfs = {
  /** The receipt's PDF: the stored one, else drawn on the pool and stored. */
  pdfFor(receipt: ReceiptDocument, verifyUrl: string): Promise<Buffer>;
  readonly pool: ReceiptPdfPool;
  close(): Promise<void>;
};

/**
 * Each receipt PDF is drawn once and kept in private storage (DATA_DIR/private, or the bucket's
 * private/ folder shared by every process). Requests for the same PDF at once in this process
 * share one read and one drawing. Storage that fails is logged and worked around: the PDF is
 * drawn (and sent) all the same.
 */
export function receiptPdfs({
  storage,
  pool,
  log,
}: {
  storage: PrivateStorage;
  pool: ReceiptPdfPool;
  log: FastifyBaseLogger;
}): ReceiptPdfs {
  const inFlight = new Map<string, Promise<Buffer>>();

  async function storedOrDrawn(key: string, receipt: ReceiptDocument, verifyUrl: string) {
    const stored = await storage.get(key).catch((err: unknown) => {
      log.warn({ err, key }, 'could not read a stored receipt PDF; drawing it again');
      return null;
    });
    if (stored) return stored;
    const pdf = await pool.render({ receipt, verifyUrl });
    await storage.put(key, pdf, 'application/pdf').catch((err: unknown) => {
      log.warn({ err, key }, 'could not store a receipt PDF; it will be drawn again next time');
    });
    return pdf;
  }

  return {
    pdfFor(receipt, verifyUrl) {
      const key = receiptPdfKey(receipt, verifyUrl);
      let pdf = inFlight.get(key);
      if (!pdf) {
        pdf = storedOrDrawn(key, receipt, verifyUrl).finally(() => inFlight.delete(key));
        inFlight.set(key, pdf);
      }
      return pdf;
    },
    pool,
    close: () => pool.close(),
  };
}
