// The receipts module's public surface (docs/decisions/0020-boundaries.md): what a payer can show
// for their payments — the history with receipt numbers, the PDF and the verification page. It
// owns no table (receipt numbers are given by the payments module when a payment succeeds), but
// it owns the stored PDFs' keys: only it can name them to remove them.
export { getPaymentDetail } from './payment-detail.ts';
export { listPaymentsOf } from './payment-history.service.ts';
export { receiptPageRoutes } from './receipt-page.routes.ts';
export { COLOURS, drawQr, loadPdfTools, PAGE, type PdfTools } from './receipt-pdf.ts';
// The PDF machinery other documents share (fonts, QR codes, threads): one way to draw PDFs.
export { type PdfPool, pdfPool } from './receipt-pdf-pool.ts';
export { forgetReceiptPdfsOf } from './receipt-pdf-store.ts';
export { receiptsRoutes } from './receipts.routes.ts';
export { maskedName } from './receipts.service.ts';
