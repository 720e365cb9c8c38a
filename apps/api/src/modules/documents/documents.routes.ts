import { auditPerson, IdParamsSchema } from '@studynest/contracts';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  DocumentQueueItemSchema,
  DocumentQueueQuerySchema,
  DocumentReviewSchema,
  MyDocumentsSchema,
  StudentDocumentSchema,
} from '@studynest/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { errorAnswers } from '../../lib/route-options.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { cleanDocument, documentTooLarge } from './document-file.ts';
import {
  assertStudent,
  displayName,
  documentFile,
  documentQueue,
  myDocuments,
  reviewDocument,
  saveDocument,
} from './documents.service.ts';

const UploadFieldsSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, {
    error: `kind must be one of: ${DOCUMENT_KINDS.join(', ')}`,
  }),
});

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post(
    '/documents',
    {
      onRequest: app.signedIn,
      preHandler: perAccountLimit(deps, 'document-uploads'),
      schema: {
        tags: ['documents'],
        summary: 'A student uploads one of her documents (it replaces a rejected or unreviewed one)',
        description: `multipart/form-data: \`kind\` (${DOCUMENT_KINDS.join(', ')}) and one file in \`file\`: a PDF (at most ${DOCUMENT_LIMITS.maxPdfPages} pages) or a JPEG, PNG or HEIC image, up to ${DOCUMENT_LIMITS.maxBytes / (1024 * 1024)} MB. Images are re-encoded without metadata; a PDF is re-made page by page without scripts, actions, attachments or form fields.`,
        response: { 201: StudentDocumentSchema, ...errorAnswers(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      // An admin is refused before any file is read.
      assertStudent(user);
      if (!request.isMultipart())
        throw badRequest('Send the document as a form (multipart/form-data) with kind and file');
      const fields: Record<string, string> = {};
      let upload: { data: Buffer; name: string } | null = null;
      try {
        for await (const part of request.parts({
          limits: { fileSize: DOCUMENT_LIMITS.maxBytes, files: 1 },
        })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const name = displayName(part.filename);
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw badRequest(`Send the document in the "file" field (got ${name} in "${part.fieldname}")`, {
              [part.fieldname]: 'The document goes in the file field',
            });
          }
          let data: Buffer;
          try {
            data = await part.toBuffer();
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw documentTooLarge(name);
            throw err;
          }
          if (part.file.truncated) throw documentTooLarge(name);
          upload = { data, name };
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
          throw new AppError(413, 'Send one document at a time', { file: 'One file per upload' });
        throw err;
      }
      const { kind } = parseOrThrow(UploadFieldsSchema, fields);
      if (!upload || (upload.data.length === 0 && upload.name === 'The file'))
        throw badRequest(`Choose the file of your ${DOCUMENT_KIND_LABELS[kind]}`, { file: 'No file chosen' });
      const clean = await cleanDocument(upload.data, upload.name);
      return reply.status(201).send(await saveDocument(deps, user, kind, upload.name, clean));
    },
  );

  app.get(
    '/documents/mine',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['documents'],
        summary: "The signed-in student's documents, whether they are approved, and her next step",
        response: { 200: MyDocumentsSchema, ...errorAnswers(401) },
      },
    },
    async (request) => myDocuments(deps, (await request.requireUser()).id),
  );

  app.get(
    '/documents/:id/file',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['documents'],
        summary: "A document's file, for the student who sent it and admins (each admin view is logged)",
        params: IdParamsSchema,
        response: { 200: z.any(), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { document, data } = await documentFile(deps, user, request.params.id);
      if (user.role === 'admin') {
        // Looking is not a change, yet who saw a student's identity papers is kept like one.
        request.auditActor = user;
        request.auditDescription = {
          kind: 'document.viewed',
          person: auditPerson(document.student),
          detail: DOCUMENT_KIND_LABELS[document.kind],
          target: document._id,
        };
      }
      const ext = document.content_type === 'application/pdf' ? 'pdf' : 'jpg';
      return reply
        .header('content-type', document.content_type)
        .header('content-disposition', `inline; filename="${document.kind}.${ext}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  app.get(
    '/admin/documents',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['documents'],
        summary: 'Documents by status (waiting for review by default), oldest upload first',
        querystring: DocumentQueueQuerySchema,
        response: { 200: z.array(DocumentQueueItemSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => documentQueue(deps, request.query.status),
  );

  app.post(
    '/admin/documents/:id/review',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['documents'],
        summary: 'Approve a document, or reject it with a reason the student is sent by e-mail and SMS',
        params: IdParamsSchema,
        body: DocumentReviewSchema,
        response: { 200: DocumentQueueItemSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = await request.requireUser();
      const reviewed = await reviewDocument(deps, admin.id, request.params.id, request.body);
      request.auditDescription = {
        kind: reviewed.status === 'approved' ? 'document.approved' : 'document.rejected',
        person: auditPerson(reviewed.student),
        detail: DOCUMENT_KIND_LABELS[reviewed.kind],
        ...(reviewed.rejection_reason ? { reason: reviewed.rejection_reason } : {}),
        target: reviewed._id,
      };
      return reviewed;
    },
  );
};
