import { DOCUMENT_LIMITS } from '@studynest/contracts/documents';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/errors.ts';
import { ACCEPTED_PHOTO_TYPES, cleanImage, UnreadableImageError } from '../../storage/photos.ts';

/** A document's file as we keep it: re-made by us, never the bytes the student sent. */
export type CleanFile = { data: Buffer; contentType: 'application/pdf' | 'image/jpeg'; pages: number | null };

const MAX_MB = DOCUMENT_LIMITS.maxBytes / (1024 * 1024);
const WHAT_TO_SEND = `Send a PDF, or a photo or scan saved as JPEG, PNG or HEIC, up to ${MAX_MB} MB.`;

export const documentTooLarge = (name: string) =>
  new AppError(413, `${name} is larger than ${MAX_MB} MB. ${WHAT_TO_SEND}`, {
    file: `Larger than ${MAX_MB} MB`,
  });

const refused = (status: number, message: string, field = 'file') =>
  new AppError(status, message, { [field]: message });

/**
 * Check an uploaded document by its content (never its name or declared type) and make the copy we
 * keep: an image re-encoded as a metadata-free JPEG; a PDF copied page by page into a new file, so
 * its scripts, open actions, attachments, forms, links and metadata stay behind.
 */
export async function cleanDocument(data: Buffer, name: string): Promise<CleanFile> {
  if (data.length > DOCUMENT_LIMITS.maxBytes) throw documentTooLarge(name);
  if (data.length === 0) throw refused(400, `${name} is empty. ${WHAT_TO_SEND}`);
  const type = await fileTypeFromBuffer(data);
  if (type?.mime === 'application/pdf' && data.subarray(0, 1024).includes('%PDF-'))
    return cleanPdf(data, name);
  if (type && ACCEPTED_PHOTO_TYPES.has(type.mime)) {
    try {
      const image = await cleanImage(data, type.mime, DOCUMENT_LIMITS.maxImageSide);
      return { data: image.data, contentType: 'image/jpeg', pages: null };
    } catch (err) {
      if (!(err instanceof UnreadableImageError)) throw err;
      if (err.tooManyPixels)
        throw refused(
          413,
          `${name} has too many pixels. Take the photo at your phone's normal size and try again.`,
        );
      throw refused(400, `${name} could not be read as an image; it may be damaged. ${WHAT_TO_SEND}`);
    }
  }
  throw refused(415, `${name} is not a PDF, JPEG, PNG or HEIC file. ${WHAT_TO_SEND}`);
}

async function cleanPdf(data: Buffer, name: string): Promise<CleanFile> {
  // pdf-lib is pure JavaScript (~1 MB): loaded with the first PDF, as sharp is with the first photo.
  const { PDFDocument, PDFName, EncryptedPDFError } = await import('pdf-lib');
  let source: import('pdf-lib').PDFDocument;
  try {
    source = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (err) {
    if (err instanceof EncryptedPDFError)
      throw refused(
        400,
        `${name} is protected with a password. Save a copy without the password and send that.`,
      );
    throw refused(400, `${name} could not be read as a PDF; it may be damaged. ${WHAT_TO_SEND}`);
  }
  let pages: number;
  try {
    pages = source.getPageCount();
  } catch {
    // A file that starts like a PDF but has no page tree.
    pages = 0;
  }
  if (pages === 0) throw refused(400, `${name} could not be read as a PDF; it has no pages. ${WHAT_TO_SEND}`);
  if (pages > DOCUMENT_LIMITS.maxPdfPages)
    throw refused(
      413,
      `${name} has ${pages} pages; a document may have at most ${DOCUMENT_LIMITS.maxPdfPages}. Send only the pages that show the document.`,
    );
  try {
    // Annotations (links, form fields) and page actions can run script: removed before copying,
    // so the objects they point to are never copied either.
    for (const page of source.getPages()) {
      page.node.delete(PDFName.of('Annots'));
      page.node.delete(PDFName.of('AA'));
    }
    const clean = await PDFDocument.create({ updateMetadata: false });
    for (const page of await clean.copyPages(source, source.getPageIndices())) clean.addPage(page);
    const out = Buffer.from(await clean.save({ useObjectStreams: false }));
    return { data: out, contentType: 'application/pdf', pages };
  } catch {
    throw refused(400, `${name} could not be read as a PDF; it may be damaged. ${WHAT_TO_SEND}`);
  }
}
