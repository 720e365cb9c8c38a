// The settings module's public surface: what other modules and app.ts may use (docs/decisions/0013-one-way-per-concern.md).

export { settingsRoutes } from './settings.routes.ts';
export { appMeta } from './settings.schema.ts';
export {
  getSettings,
  markDone,
  saveSettings,
  settingsFrom,
  storedSettings,
  wasDone,
} from './settings.service.ts';
