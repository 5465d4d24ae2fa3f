import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centred on the whole page: shown while the session starts and while a route's code loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh', width: '100%' }}
    >
      <Spin size="large" />
    </div>
  );
}

/** Centred in the content area of a page. */
export function ContentSpinner() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, width: '100%' }}
    >
      <Spin />
    </div>
  );
}
