import { ApiOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '@/app/paths';
import { useConfigList } from '@/features/integrations/api/config-resource';
import { botCredentials, useBotBrands } from '@/features/integrations/api/resources';
import { useModuleSelection } from '@/lib/module-context';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Settings › Integrations › App Directory: the marketplaces a bot can sign in to, with this module's logins. */
export default function AppDirectoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const brands = useBotBrands();
  const logins = useConfigList(botCredentials, current.id);
  const action = (count: number) =>
    count > 0 ? t('integrations.appDirectory.manage') : t('integrations.appDirectory.connect');
  const countOf = (code: string) => (logins.data ?? []).filter((l) => l.botType === code).length;

  return (
    <>
      <PageHeader
        title={t('integrations.appDirectory.title')}
        description={t('integrations.appDirectory.description')}
        extra={
          <Button icon={<ApiOutlined />} onClick={() => navigate(PATHS.oAuth)}>
            {t('integrations.appDirectory.oauthLink')}
          </Button>
        }
      />
      {brands.isError ? (
        <QueryError onRetry={() => void brands.refetch()} />
      ) : brands.isPending ? (
        <Card loading />
      ) : (
        <Row gutter={[16, 16]}>
          {(brands.data ?? []).map((brand) => {
            const count = countOf(brand.code);
            return (
              <Col key={brand.code} xs={24} sm={12} lg={8} xl={6}>
                <Card
                  title={
                    <>
                      <ShopOutlined /> {brand.name}
                    </>
                  }
                >
                  <Typography.Paragraph type="secondary" style={{ minHeight: 22 }}>
                    {logins.isPending ? ' ' : t('integrations.appDirectory.logins', { count })}
                  </Typography.Paragraph>
                  <Button
                    type={count > 0 ? 'default' : 'primary'}
                    ghost={count === 0}
                    aria-label={`${action(count)} ${brand.name}`}
                    onClick={() => navigate(PATHS.brandLogin)}
                  >
                    {action(count)}
                  </Button>
                </Card>
              </Col>
            );
          })}
        </Row>
      )}
    </>
  );
}
