// The code of the receipt PDF pool's threads (receipt-pdf-pool.ts): each task draws one receipt.
// Built as its own file, dist/receipt-pdf.worker.js (build.mjs); from the sources it runs through tsx.
import type { ReceiptDocument } from '@studynest/contracts/receipt';
import { renderReceiptPdf } from './receipt-pdf.ts';

export type ReceiptPdfTask = { receipt: ReceiptDocument; verifyUrl: string };

/** The PDF's bytes; the main thread receives them as a Uint8Array (a copy of ~26 KB). */
export default function drawReceipt({ receipt, verifyUrl }: ReceiptPdfTask): Promise<Uint8Array> {
  return renderReceiptPdf(receipt, verifyUrl);
}
