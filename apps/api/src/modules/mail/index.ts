// The mail module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { mailDevRoutes } from './mail.routes.ts';
export { type MailContext, sendMail } from './mail.service.ts';
