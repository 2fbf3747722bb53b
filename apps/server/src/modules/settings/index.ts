export { settingsRoutes } from './settings.routes';
export { getUserSettings } from './user-settings';
export { createDefaultSettings, forgetDefaultModel } from './settings-records';
