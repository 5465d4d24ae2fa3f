import { endpoint, idParamsSchema } from './endpoint.ts';
import {
  markAllReadResponseSchema,
  notificationBellSchema,
  notificationPreferencesResponseSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  updateNotificationPreferencesSchema,
} from './notifications.ts';

const base = { module: 'required', tags: ['Notifications'] } as const;
const CENTRE = { ...base, privilege: { code: 'notificationCenter' } } as const;
const SETTINGS = { ...base, privilege: { code: 'notifications' } } as const;

/**
 * The caller's own alerts in the selected module (My Jobs › Alerts and the bell, privilege notificationCenter) and
 * which kinds reach them (Settings › Notifications, privilege notifications). No call in the spec: decision 0033.
 */
export const notificationEndpoints = {
  list: endpoint({
    ...CENTRE,
    name: 'notifications.list',
    method: 'GET',
    path: '/v2/notifications',
    query: notificationsQuerySchema,
    response: notificationsResponseSchema,
    summary: "A page of the caller's alerts in the selected module, newest first",
    description: 'start / length page; unreadOnly=true leaves the read ones out. unreadCount counts all unread.',
  }),
  bell: endpoint({
    ...CENTRE,
    name: 'notifications.bell',
    method: 'GET',
    path: '/v2/notifications/bell',
    response: notificationBellSchema,
    summary: "The bell: the caller's unread count and latest alerts in the selected module",
    description: 'The latest five, read or not.',
  }),
  markRead: endpoint({
    ...CENTRE,
    name: 'notifications.markRead',
    method: 'PUT',
    path: '/v2/notifications/:id/read',
    params: idParamsSchema,
    response: notificationSchema,
    summary: 'Mark one of the caller’s alerts read',
    description: "Another user's alert, or one of another module, is 404. Marking a read alert again keeps its time.",
  }),
  markAllRead: endpoint({
    ...CENTRE,
    name: 'notifications.markAllRead',
    method: 'PUT',
    path: '/v2/notifications/read-all',
    response: markAllReadResponseSchema,
    summary: "Mark every unread alert of the caller's in the selected module read",
  }),
  preferences: endpoint({
    ...SETTINGS,
    name: 'notifications.preferences',
    method: 'GET',
    path: '/v2/notification-preferences',
    response: notificationPreferencesResponseSchema,
    summary: 'Which kinds of alert reach the caller in the selected module, in the app and by mail',
    description: 'Every kind; one never chosen is in the app and not by mail.',
  }),
  updatePreferences: endpoint({
    ...SETTINGS,
    name: 'notifications.updatePreferences',
    method: 'PUT',
    path: '/v2/notification-preferences',
    body: updateNotificationPreferencesSchema,
    response: notificationPreferencesResponseSchema,
    summary: 'Choose which kinds of alert reach the caller in the selected module',
    description: 'The kinds sent are set; the others keep their choice. Audited NOTIFICATION_PREFERENCES_UPDATED.',
  }),
} as const;
