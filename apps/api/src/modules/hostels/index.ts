// The hostels module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).
export { seedDemoOnce } from './demo/demo-data.ts';
export { hostelRefColumns, toHostelRef } from './hostels.mapper.ts';
export { hostelsRoutes } from './hostels.routes.ts';
