import {
  type Notification,
  type NotificationBell,
  type NotificationsResponse,
  notificationEndpoints,
} from '@recon/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { invalidateReads, readKeys } from '@/lib/reads/read-keys';

/** How often the bell asks again while the window stays open (it also asks when the window gets focus back). */
export const BELL_REFRESH_MS = 60_000;

/** GET /v2/notifications/bell: the signed-in user's unread count and latest alerts in the module. */
export async function getNotificationBell(): Promise<NotificationBell> {
  return call(notificationEndpoints.bell, {});
}

export function notificationBellQuery(moduleId: number) {
  return queryOptions({
    queryKey: readKeys.notifications.bell(moduleId),
    queryFn: getNotificationBell,
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export function useNotificationBell(moduleId: number, isEnabled: boolean) {
  return useQuery({ ...notificationBellQuery(moduleId), enabled: isEnabled });
}

export type NotificationsParams = { start: number; length: number; unreadOnly: boolean };

/** GET /v2/notifications: a page of the user's alerts in the module, newest first. */
export async function getNotifications({
  start,
  length,
  unreadOnly,
}: NotificationsParams): Promise<NotificationsResponse> {
  return call(notificationEndpoints.list, { query: { start, length, ...(unreadOnly ? { unreadOnly: 'true' } : {}) } });
}

export function useNotifications(moduleId: number, params: NotificationsParams) {
  return useQuery({
    queryKey: readKeys.notifications.list(moduleId, params),
    queryFn: () => getNotifications(params),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
}

/** PUT /v2/notifications/{id}/read: an alert opened is read, in the bell and the list alike. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<Notification> => call(notificationEndpoints.markRead, { params: { id } }),
    onSettled: () => invalidateReads(queryClient, 'notifications'),
  });
}

/** PUT /v2/notifications/read-all. */
export function useMarkAllNotificationsRead(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationEndpoints.markAllRead, {}),
    meta: { successMessage },
    onSettled: () => invalidateReads(queryClient, 'notifications'),
  });
}
