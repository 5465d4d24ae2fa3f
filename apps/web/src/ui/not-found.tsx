import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The not-found image (Ant Design's 404 illustration), used by the catch-all inside and outside the shell. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('common.notFoundTitle')}
      subTitle={t('common.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
