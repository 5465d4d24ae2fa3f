import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The 403 image: the page exists but the user's role does not allow it (unlike the not-found image). Shown in place
 * of a forbidden page, inside the shell, so the user keeps the sidebar to go elsewhere.
 */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={t('common.notAllowedTitle')}
      subTitle={
        <>
          {t('common.unauthorized')}
          <br />
          {t('common.askForAccess')}
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">{t('common.backHome')}</Button>
        </Link>
      }
    />
  );
}
