import { z } from 'zod';

/**
 * My Jobs › Alerts, the shell's bell and Settings › Notifications (issue 14, decision 0033; spec 1 names the pages and
 * the privileges notificationCenter and notifications, and shows no call): events told to one user in one module.
 */
export const NOTIFICATION_KINDS = [
  'EXECUTION_FAILED',
  'APPROVAL_WAITING',
  'FILE_REJECTED',
  'TICKET_ASSIGNED',
  'SLA_BREACHED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  EXECUTION_FAILED: 'Job execution failed',
  APPROVAL_WAITING: 'Approval waiting for me',
  FILE_REJECTED: 'File rejected',
  TICKET_ASSIGNED: 'Ticket assigned to me',
  SLA_BREACHED: 'SLA breached',
};

export const NOTIFICATION_TEXTS = {
  notFound: 'Notification not found',
  saved: 'Notification settings saved',
  markedAllRead: 'Every alert is marked read',
} as const;

/** How many alerts the bell shows under it. */
export const BELL_LATEST = 5;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  kindLabel: z.string(),
  title: z.string(),
  /** An in-app path (`/my-jobs/file-approvals`), or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  start: z.coerce.number().int().min(0).default(0),
  length: z.coerce.number().int().min(1).max(500).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  recordsTotal: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** The bell: how many are unread and the latest few. */
export const notificationBellSchema = z.object({
  unreadCount: z.number().int(),
  latest: z.array(notificationSchema),
});
export type NotificationBell = z.infer<typeof notificationBellSchema>;

export const markAllReadResponseSchema = z.object({ updated: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  kindLabel: z.string(),
  inApp: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesResponseSchema = z.object({ data: z.array(notificationPreferenceSchema) });
export const updateNotificationPreferencesSchema = z.object({
  preferences: z.array(z.object({ kind: z.enum(NOTIFICATION_KINDS), inApp: z.boolean(), email: z.boolean() })).min(1),
});
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
