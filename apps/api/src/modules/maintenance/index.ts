// The maintenance module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { maintenanceRoutes } from './maintenance.routes.ts';
export {
  listMaintenanceRowsOf,
  maintenanceSummary,
  removeMaintenancePhotosOf,
  removeRequestPhotos,
  reportMaintenance,
  requestsWithPhotosEndedBefore,
  updateMaintenance,
} from './maintenance.service.ts';
