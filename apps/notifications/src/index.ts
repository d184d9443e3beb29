export { startNotifications, NOTIFICATION_SERVICE_NAME, type NotificationsDeps } from './service.js';
export { notificationsConfigSchema, type NotificationsConfig } from './config.js';
export { startNotificationsFromConfig, EMBEDDED_MAIL_FROM } from './from-config.js';
export { emlFileName } from './transport/eml-transport.js';
