import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Where a page the user lacks the privilege for sends them. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Result
        status="403"
        title={t('common.unauthorizedTitle')}
        subTitle={t('common.unauthorized')}
        extra={
          <Link to="/">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    </Flex>
  );
}
