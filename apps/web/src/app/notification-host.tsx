import { notification } from 'antd';
import { useEffect } from 'react';
import { bindNotificationApi } from '@/lib/toast';

/** Renders the toasts inside the themed tree and hands their API to lib/toast. */
export default function NotificationHost() {
  const [api, holder] = notification.useNotification();
  useEffect(() => {
    bindNotificationApi(api);
    return () => bindNotificationApi(null);
  }, [api]);
  return holder;
}
