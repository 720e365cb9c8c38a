// The rooms module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { roomRefColumns, toPaymentRoom, toRoomRef } from './rooms.mapper.ts';
export { roomsRoutes } from './rooms.routes.ts';
