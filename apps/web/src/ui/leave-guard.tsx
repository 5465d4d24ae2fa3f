import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type Props = {
  /** Something on the page is changed and not saved yet. */
  isDirty: boolean;
  /** What is lost on leaving ("The rules keep their saved order."). */
  text: string;
};

/**
 * Asks before the page is left with unsaved changes: a link or Back inside the app opens a confirmation (react-router's
 * blocker), closing or reloading the tab gets the browser's own warning (beforeunload).
 */
export function LeaveGuard({ isDirty, text }: Props) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their warning only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('opsConfig.common.leaveTitle')}
      okText={t('opsConfig.common.leave')}
      cancelText={t('opsConfig.common.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {text}
    </Modal>
  );
}
