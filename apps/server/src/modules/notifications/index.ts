export { announceUrgentTasks } from './announce';
export { sendDailyDigests } from './digest';
export { notificationsRoutes } from './notifications.routes';
export { linkTelegramChat } from './telegram-link';
