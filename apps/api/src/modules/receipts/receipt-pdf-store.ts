import { createHash } from 'node:crypto';
import type { ReceiptDocument } from '@studynest/contracts/receipt';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { PrivateStorage } from '../../storage/file-storage.ts';
import { payments } from '../payments/index.ts';
import { RECEIPT_LAYOUT_VERSION } from './receipt-pdf.ts';
import type { ReceiptPdfPool } from './receipt-pdf-pool.ts';

/** The folder of one receipt's stored PDFs, named by its receipt number (else its payment's reference). */
const receiptFolder = (receiptNumberOrReference: string) =>
  `receipts/${receiptNumberOrReference.toLowerCase()}/`;

/**
 * Where a receipt's PDF is kept: `receipts/<receipt number>/<sha-256>.pdf`, the hash taken over
 * everything the PDF shows — the receipt's words and amounts (refunds included), the payer's name,
 * the verification address in its QR code — and the layout version. Whatever changes what a
 * receipt would show gives it a new key, so a stored PDF is served only while it is what would be
 * drawn now. Only an account's deletion removes any (forgetReceiptPdfsOf): the old ones print her
 * name (docs/domain.md, Receipts and Deletion).
 */
export function receiptPdfKey(receipt: ReceiptDocument, verifyUrl: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([RECEIPT_LAYOUT_VERSION, receipt, verifyUrl]))
    .digest('hex');
  return `${receiptFolder(receipt.receiptNumber ?? receipt.reference)}${hash}.pdf`;
}

/**
 * Every stored PDF of her payments' receipts, once her account is deleted (after the anonymising
 * transaction has committed): those drawn before print her full name, and nothing would ever ask
 * for their keys again. The next download draws the receipt with the name the account has now.
 * Best effort, as for her maintenance photos: a folder that cannot be emptied is left behind (and
 * logged), and her account is deleted all the same.
 */
export async function forgetReceiptPdfsOf(
  deps: Pick<Deps, 'db' | 'privateStorage' | 'log'>,
  userId: string,
): Promise<void> {
  const rows = await deps.db
    .select({ receiptNumber: payments.receiptNumber, reference: payments.reference })
    .from(payments)
    .where(eq(payments.userId, userId));
  const folders = new Set(
    rows.flatMap((r) => [r.reference, ...(r.receiptNumber ? [r.receiptNumber] : [])]).map(receiptFolder),
  );
  for (const folder of folders) {
    await deps.privateStorage.removeFolder(folder).catch((err: unknown) => {
      deps.log.warn({ err, folder }, "could not remove a deleted account's stored receipt PDFs");
    });
  }
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
