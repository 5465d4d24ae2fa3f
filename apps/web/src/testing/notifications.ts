import type { ArgsProps } from 'antd/es/notification/interface';
import { bindNotificationApi, closeErrorToast } from '@/lib/toast';

export type ShownToast = ArgsProps & { type: 'error' | 'success' };

/** Captures the toasts the app shows, in order, instead of rendering them. */
export function captureToasts(): { toasts: ShownToast[]; release: () => void } {
  const toasts: ShownToast[] = [];
  bindNotificationApi({
    error: (args) => toasts.push({ ...args, type: 'error' }),
    success: (args) => toasts.push({ ...args, type: 'success' }),
    destroy: () => undefined,
  });
  return {
    toasts,
    release: () => {
      closeErrorToast();
      bindNotificationApi(null);
    },
  };
}
