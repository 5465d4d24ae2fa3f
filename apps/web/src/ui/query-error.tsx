import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A section whose data could not be loaded; the toast already said why. */
export function QueryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
