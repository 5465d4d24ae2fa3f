import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PATHS } from '@/app/paths';
import { useDeleteDashboard } from '@/features/dashboards/api/dashboards-api';
import { DashboardView } from '@/features/dashboards/components/dashboard-view';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboard } from '@/lib/reads/dashboards';
import { showSuccessToast } from '@/lib/toast';
import { PageHeader } from '@/ui/page-header';

/** Dashboard › {a dashboard}: one entry of the dynamic menu. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const id = Number(useParams().dashboardId);
  const { current } = useModuleSelection();
  const dashboard = useDashboard(current.id, id);
  const canEdit = useHasPrivilege({ code: 'dashboardConfig' });
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={dashboard.data?.name ?? t('dashboards.dashboard')}
        description={canEdit ? t('dashboards.arrangeHelp') : undefined}
        extra={
          canEdit &&
          dashboard.data && (
            <Space>
              <Button onClick={() => navigate(`${PATHS.newDashboard}?edit=${id}`)}>{t('dashboards.edit')}</Button>
              <Popconfirm
                title={t('dashboards.deleteDashboardTitle', { name: dashboard.data.name })}
                okText={t('dashboards.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  showSuccessToast((await remove.mutateAsync(id)).message);
                  navigate(PATHS.allDashboards);
                }}
              >
                <Button danger>{t('dashboards.delete')}</Button>
              </Popconfirm>
            </Space>
          )
        }
      />
      <DashboardView id={id} />
    </>
  );
}
