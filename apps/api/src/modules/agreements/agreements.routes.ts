import {
  AgreementAcceptSchema,
  AgreementCodeParamsSchema,
  AgreementQuerySchema,
  AgreementSchema,
  AgreementVerificationSchema,
  formatLagosDateTime,
  formatLagosLongDate,
  IdParamsSchema,
} from '@studynest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { perAccountLimit } from '../../lib/account-limits.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeHtml, htmlPage, htmlPageHeaders } from '../../lib/html-page.ts';
import { errorAnswers, perIpLimit } from '../../lib/route-options.ts';
import { pdfPool } from '../receipts/index.ts';
import type { AgreementPdfTask } from './agreement-pdf.ts';
import {
  acceptAgreement,
  agreementForRent,
  agreementPdf,
  findAgreementByCode,
  getAgreement,
  listAgreementsOf,
  listAgreementsOfUser,
  NOT_AN_AGREEMENT,
  verifyAgreementBytes,
} from './agreements.service.ts';

/** A PDF sent to be checked: a signed copy is a few tens of KB; this leaves room and no more. */
const CHECK_BODY_LIMIT = 5 * 1024 * 1024;

/** Tenancy agreements under /api (docs/domain.md, "Tenancy agreement"). */
export const agreementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Drawn on worker threads like receipts (docs/decisions/0022-receipt-pdfs-stored-and-built-off-the-event-loop.md),
  // once per agreement and once per acceptance; the PDFs are kept with the agreement.
  const pdfs = pdfPool<AgreementPdfTask>(
    { threads: deps.config.receipts.pdfThreads, queue: deps.config.receipts.pdfQueue },
    { name: 'agreement-pdf.worker', besideUrl: import.meta.url },
    'Agreements',
  );
  app.addHook('onClose', () => pdfs.close());
  const agreementDeps = { ...deps, pdfs };
  const opened = { onRequest: app.signedIn, preHandler: perAccountLimit(deps, 'agreements') };

  app.get(
    '/agreements/rent',
    {
      ...opened,
      schema: {
        tags: ['agreements'],
        summary:
          'The tenancy agreement for the rent she may pay now for this room (first rent or renewal): accepted, or awaiting her acceptance',
        querystring: AgreementQuerySchema,
        response: { 200: AgreementSchema, ...errorAnswers(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) => agreementForRent(agreementDeps, await request.requireUser(), request.query.room_id),
  );

  app.post(
    '/agreements/:id/accept',
    {
      ...opened,
      schema: {
        tags: ['agreements'],
        summary:
          'Accept the agreement read (its document_sha256) by typing her full name and ticking the box; records time, IP address and browser',
        params: IdParamsSchema,
        body: AgreementAcceptSchema,
        response: { 200: AgreementSchema, ...errorAnswers(400, 401, 403, 404, 409, 429, 503) },
      },
    },
    async (request) =>
      acceptAgreement(agreementDeps, await request.requireUser(), request.params.id, request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
      }),
  );

  app.get(
    '/agreements/mine',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['agreements'],
        summary: 'Her tenancy agreements, newest first',
        response: { 200: z.array(AgreementSchema), ...errorAnswers(401) },
      },
    },
    async (request) => listAgreementsOf(deps, (await request.requireUser()).id),
  );

  app.get(
    '/user/:id/agreements',
    {
      onRequest: app.adminOnly,
      schema: {
        tags: ['agreements'],
        summary: "A student's tenancy agreements, newest first (admins)",
        params: IdParamsSchema,
        response: { 200: z.array(AgreementSchema), ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => listAgreementsOfUser(deps, request.params.id),
  );

  app.get(
    '/agreements/:id',
    {
      onRequest: app.signedIn,
      schema: {
        tags: ['agreements'],
        summary: 'One tenancy agreement (its student or an admin)',
        params: IdParamsSchema,
        response: { 200: AgreementSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getAgreement(deps, await request.requireUser(), request.params.id),
  );

  for (const which of ['document', 'signed'] as const) {
    app.get(
      `/agreements/:id/${which}.pdf`,
      {
        onRequest: app.signedIn,
        schema: {
          tags: ['agreements'],
          summary:
            which === 'document'
              ? 'The exact PDF she was shown (its SHA-256 is document_sha256; student or admin)'
              : 'The signed copy: the same pages plus the acceptance page (student or admin)',
          params: IdParamsSchema,
          produces: ['application/pdf'],
          response: {
            200: z.string().check(z.describe('The PDF (application/pdf), byte for byte as stored')),
            ...errorAnswers(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await agreementPdf(
          deps,
          await request.requireUser(),
          request.params.id,
          which,
        );
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `${which === 'document' ? 'inline' : 'attachment'}; filename="${fileName}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(pdf as unknown as string);
      },
    );
  }

  app.get(
    '/agreements/verify/:code',
    {
      config: perIpLimit(deps.config, 60, '1 minute'),
      schema: {
        tags: ['agreements'],
        summary: "Check the code on a signed agreement's QR code (public; the tenant is shown masked)",
        params: AgreementCodeParamsSchema,
        response: { 200: AgreementVerificationSchema, ...errorAnswers(400, 404, 429) },
      },
    },
    async (request) => {
      const found = await findAgreementByCode(deps, request.params.code);
      if (!found) throw notFound(NOT_AN_AGREEMENT);
      return found;
    },
  );

  // The PDF's bytes as they are: only this route reads a body as raw bytes.
  await app.register(async (raw) => {
    raw.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: CHECK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    raw.post(
      '/agreements/verify',
      {
        config: perIpLimit(deps.config, 30, '1 minute'),
        schema: {
          tags: ['agreements'],
          summary:
            'Check a PDF (sent as application/pdf) byte for byte: a genuine accepted agreement or its signed copy (public)',
          response: { 200: AgreementVerificationSchema, ...errorAnswers(400, 404, 413, 415, 429) },
        },
      },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw badRequest('Send the PDF itself as the body, with Content-Type: application/pdf');
        }
        return verifyAgreementBytes(deps, body);
      },
    );
  });
};

/** The page a signed agreement's QR code opens: plain HTML, no scripts. Outside /api. */
export const agreementPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/verify/agreement/:code',
    {
      config: perIpLimit(deps.config, 60, '1 minute'),
      schema: { hide: true, params: AgreementCodeParamsSchema },
    },
    async (request, reply) => {
      const found = await findAgreementByCode(deps, request.params.code);
      const body = found
        ? `<h1 class="ok">✓ Genuine StudyNest tenancy agreement</h1>
<p>This tenancy agreement was accepted on StudyNest. Check that the copy you hold says the same.</p>
<dl>${(
            [
              ['Agreement', found.agreement_number],
              ['Tenant', found.tenant],
              ['Hostel', found.hostel_name],
              ['Room', found.room_number],
              ['Term', `${formatLagosLongDate(found.start_date)} – ${formatLagosLongDate(found.end_date)}`],
              ['Accepted on', `${formatLagosDateTime(found.accepted_at)} (Lagos time)`],
              ['SHA-256 of the agreement', found.document_sha256],
              ['SHA-256 of the signed copy', found.signed_sha256],
            ] as [string, string][]
          )
            .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
            .join('')}</dl>
<p class="note">A copy whose SHA-256 (for example <code>sha256sum file.pdf</code>) differs from these has been changed.</p>`
        : `<h1 class="bad">✗ Not a StudyNest tenancy agreement</h1><p>${escapeHtml(NOT_AN_AGREEMENT)}</p>`;
      return reply
        .status(found ? 200 : 404)
        .headers(htmlPageHeaders("'none'"))
        .type('text/html; charset=utf-8')
        .send(htmlPage({ title: 'Check a tenancy agreement — StudyNest', body }));
    },
  );
};
