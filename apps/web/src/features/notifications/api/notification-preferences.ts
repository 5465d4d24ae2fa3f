import {
  NOTIFICATION_TEXTS,
  type NotificationPreference,
  notificationEndpoints,
  type UpdateNotificationPreferences,
} from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

const preferencesKey = (moduleId: number) => ['notification-preferences', moduleId] as const;

/** GET /v2/notification-preferences: every kind of alert with the signed-in user's choice in the module. */
export async function getNotificationPreferences(): Promise<NotificationPreference[]> {
  return (await call(notificationEndpoints.preferences, {})).data;
}

export function useNotificationPreferences(moduleId: number) {
  return useQuery({ queryKey: preferencesKey(moduleId), queryFn: getNotificationPreferences });
}

/** PUT /v2/notification-preferences. */
export function useSaveNotificationPreferences(moduleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateNotificationPreferences) =>
      (await call(notificationEndpoints.updatePreferences, { body })).data,
    meta: { successMessage: NOTIFICATION_TEXTS.saved },
    onSuccess: (data) => queryClient.setQueryData(preferencesKey(moduleId), data),
  });
}
