// The hostels module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { hostelRefColumns, toHostelRef } from './hostels.mapper.ts';
export { hostelsRoutes } from './hostels.routes.ts';
export { hostels } from './hostels.schema.ts';
export { type BookableRoom, bookableRoomsMatching } from './hostels.search.ts';
export {
  countHostels,
  createHostel,
  type HostelFacts,
  type HostelInUse,
  type RoomPhotoFiles,
  setHostelRating,
} from './hostels.service.ts';
