// The code of the agreement PDF pool's threads: each task draws one agreement (or its signed copy).
// Built as its own file, dist/agreement-pdf.worker.js (build.mjs); from the sources it runs through tsx.
import { type AgreementPdfTask, renderAgreementPdf } from './agreement-pdf.ts';

export default function drawAgreement(task: AgreementPdfTask): Promise<Uint8Array> {
  return renderAgreementPdf(task);
}
