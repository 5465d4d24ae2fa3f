import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAssignedModules } from '@/features/modules/api/get-assigned-modules';
import { redirectPathFor, selectModule } from '@/lib/module-switch';
import { useSelectedModuleId } from '@/lib/session';
import { FullPageSpinner } from '@/ui/full-page-spinner';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/** /module: choose the product to work in. */
export default function ModuleSelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const modules = useAssignedModules();
  const selectedId = useSelectedModuleId();

  if (modules.isPending) return <FullPageSpinner />;
  if (modules.isError) return <QueryError onRetry={() => void modules.refetch()} />;
  if (modules.data.length === 0) {
    return <Result status="info" title={t('auth.unassigned.noModule')} style={{ marginTop: 80 }} />;
  }

  const choose = (id: number) => {
    selectModule(id);
    navigate(redirectPathFor(), { replace: true });
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Card style={{ width: '100%', maxWidth: 480 }} title={t('modules.selectTitle')}>
        <Typography.Paragraph type="secondary">{t('auth.unassigned.selectProduct')}</Typography.Paragraph>
        <Flex vertical gap={8}>
          {modules.data.map((module) => (
            <Button
              key={module.id}
              size="large"
              block
              type={module.id === selectedId ? 'primary' : 'default'}
              icon={<AppstoreOutlined />}
              onClick={() => choose(module.id)}
              style={{ justifyContent: 'space-between' }}
            >
              <span style={{ flex: 1, textAlign: 'left' }}>{module.name}</span>
              <StatusTag status={module.status} label={t(`modules.statuses.${module.status}`)} />
            </Button>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
