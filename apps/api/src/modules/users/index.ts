// The users module's public surface: what app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export type { ExportPart } from './data-export.service.ts';
export { type DataRightsParts, startDataRightsJobs } from './data-rights.jobs.ts';
export { accountDeletion } from './data-rights.service.ts';
export type { DueFiles, RetainedFileKind } from './retention.service.ts';
export { usersRoutes } from './users.routes.ts';
