// The rooms module's public surface (docs/decisions/0020-boundaries.md): the room lifecycle's
// transitions, which only this module writes (docs/domain.md, "Lifecycles": room).
export { holdRoom } from './room-hold.ts';
export {
  clearLapsedHolds,
  freeRoom,
  letGoOfHold,
  lockRoom,
  markRoomBooked,
  markRoomRented,
} from './rooms.lifecycle.ts';
export { effectiveRentPlan, roomRefColumns, toPaymentRoom, toRoomRef } from './rooms.mapper.ts';
export { roomsRoutes } from './rooms.routes.ts';
export { rooms, whoAndWhere } from './rooms.schema.ts';
export {
  addRoomPhotos,
  createRoom,
  roomPhotoFilesOfHostel,
  roomWithItsHostel,
  whyHostelInUse,
} from './rooms.service.ts';
export { joinWhoAndWhere, selectWithWhoAndWhere } from './who-and-where.ts';
