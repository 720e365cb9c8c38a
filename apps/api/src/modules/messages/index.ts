// The messages module's public surface (docs/decisions/0020-boundaries.md): every e-mail and text,
// and the admins' sends, which only this module writes (docs/domain.md, "Messages").
export {
  cancelQueuedMessages,
  dispatch,
  type NewMessage,
  queueEmail,
  queueMessages,
  recordMessages,
  recordSend,
  retryDeliveries,
} from './deliveries.service.ts';
export { outboxDevRoutes, unsubscribeRoutes } from './messages.routes.ts';
export { messageDeliveries, messageSends } from './messages.schema.ts';
export { startMessageWorkers, type WantsOptional } from './messages.worker.ts';
