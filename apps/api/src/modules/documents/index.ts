// The documents module's public surface (docs/decisions/0020-boundaries.md): students' documents,
// their review, and whether rent may be paid without them; the only module that writes
// student_documents (docs/domain.md, "Documents").

export { cleanDocument } from './document-file.ts';
export { documentsRoutes } from './documents.routes.ts';
export { studentDocuments } from './documents.schema.ts';
export {
  documentsExportOf,
  removeDocument,
  removeDocumentsOf,
  requireApprovedDocuments,
  reviewDocument,
  saveDocument,
} from './documents.service.ts';
