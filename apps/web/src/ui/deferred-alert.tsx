import type { AlertProps } from 'antd';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('@/ui/antd-alert'));

/**
 * antd's Alert, loaded when it first shows: /login renders one only for a failure or a forced-logout reason,
 * so its code (and its icons) stays out of that page's first load.
 */
export function DeferredAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
