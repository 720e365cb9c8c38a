// The messages module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export {
  dispatch,
  type NewMessage,
  queueEmail,
  queueMessages,
  recordMessages,
  retryDeliveries,
} from './deliveries.service.ts';
export { outboxDevRoutes, unsubscribeRoutes } from './messages.routes.ts';
export { startMessageWorkers } from './messages.worker.ts';
