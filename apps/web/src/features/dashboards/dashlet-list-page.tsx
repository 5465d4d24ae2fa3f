import type { Dashlet } from '@recon/contract';
import { Button, Card, Flex, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { useDashlets, useDeleteDashlet } from '@/features/dashboards/api/dashboards-api';
import { dashletSource } from '@/features/dashboards/components/dashlet-source';
import { useModuleSelection } from '@/lib/module-context';
import { showSuccessToast } from '@/lib/toast';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Dashboard › Dashlet List: the module's dashlets, edited in New Dashlet, deleted when no dashboard shows them. */
export default function DashletListPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const dashlets = useDashlets(current.id);
  const remove = useDeleteDashlet();
  return (
    <>
      <PageHeader
        title={t('dashboards.dashletListTitle')}
        description={t('dashboards.dashletListDescription')}
        extra={
          <Link to={PATHS.newDashlet}>
            <Button type="primary">{t('dashboards.newDashlet')}</Button>
          </Link>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {dashlets.isError && !dashlets.data ? (
          <QueryError onRetry={() => void dashlets.refetch()} />
        ) : (
          <Table<Dashlet>
            rowKey="id"
            size="middle"
            loading={dashlets.isPending}
            dataSource={dashlets.data ?? []}
            locale={{ emptyText: dashlets.isPending ? ' ' : <EmptyState /> }}
            pagination={false}
            scroll={{ x: 860 }}
            columns={[
              {
                title: t('dashboards.name'),
                dataIndex: 'name',
                key: 'name',
                render: (name: string, row) => <Link to={`${PATHS.newDashlet}?edit=${row.id}`}>{name}</Link>,
              },
              {
                title: t('dashboards.kind'),
                key: 'kind',
                width: 190,
                render: (_, row) => t(`dashboards.kinds.${row.kind}`),
              },
              {
                title: t('dashboards.readsFrom'),
                key: 'recon',
                width: 220,
                render: (_, row) => dashletSource(row, t),
              },
              {
                title: t('dashboards.chartType'),
                key: 'chart',
                width: 110,
                render: (_, row) => <Tag>{t(`dashboards.charts.${row.chartType}`)}</Tag>,
              },
              {
                title: t('dashboards.onDashboards'),
                dataIndex: 'dashboardCount',
                key: 'dashboardCount',
                width: 120,
                align: 'right',
              },
              {
                title: t('dashboards.actions'),
                key: 'actions',
                width: 150,
                render: (_, row) => (
                  <Flex gap={4}>
                    <Link to={`${PATHS.newDashlet}?edit=${row.id}`}>
                      <Button size="small" type="link">
                        {t('dashboards.edit')}
                      </Button>
                    </Link>
                    <Popconfirm
                      title={t('dashboards.deleteDashletTitle', { name: row.name })}
                      okText={t('dashboards.delete')}
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => showSuccessToast((await remove.mutateAsync(row.id)).message)}
                    >
                      <Button size="small" type="link" danger disabled={row.dashboardCount > 0}>
                        {t('dashboards.delete')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
