import * as z from 'zod/mini';

/** Hours an e-mailed "Download my data" link works; then the file is deleted (docs/domain.md, "Access"). */
export const DATA_EXPORT_HOURS = 24;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** One "Download my data" request, as its owner sees it (GET /user/data-exports). */
export const DataExportSchema = z.object({
  _id: z.string(),
  /** pending: the job has not built it yet; ready: e-mailed, the link works until `expires_at`; failed: ask again. */
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.nullable(z.string()),
  /** When the e-mailed link stops working and the file is deleted (ready ones only). */
  expires_at: z.nullable(z.string()),
});
export type DataExport = z.output<typeof DataExportSchema>;

/** POST /user/data-exports (202): what was asked, and what happens next in words. */
export const DataExportRequestedSchema = z.object({
  message: z.string(),
  export: DataExportSchema,
});
export type DataExportRequested = z.output<typeof DataExportRequestedSchema>;

/** The e-mailed link's query: the token signed for that export and its owner. */
export const DataExportDownloadQuerySchema = z.object({
  token: z.string({ error: 'token is missing: open the link from the e-mail as it is' }).check(
    z.regex(/^[A-Za-z0-9_-]{20,100}$/, {
      error: 'token is not a link we sent: open the link from the e-mail as it is',
    }),
  ),
});
