import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Dashlet } from '@recon/contract';
import { Button, Card, Dropdown, Flex, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashletDownload, useDashletFigures } from '@/features/dashboards/api/dashboards-api';
import { DashletFiguresView } from '@/features/dashboards/components/dashlet-figures-view';
import { dashletSource } from '@/features/dashboards/components/dashlet-source';
import { useModuleSelection } from '@/lib/module-context';

type Props = { dashlet: Dashlet; dragHandle?: ReactNode };

/** One dashlet on a dashboard: its own loading, empty and error states; its figures exported to Downloads. */
export function DashletCard({ dashlet, dragHandle }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const figures = useDashletFigures(current.id, dashlet.id);
  const download = useDashletDownload();
  const subtitle = dashletSource(dashlet, t);
  // "Recon · Match rate" (the default dashboard's names): the recon shows below the title, once.
  const prefix = dashlet.reconName ? `${dashlet.reconName} · ` : '';
  const title = prefix && dashlet.name.startsWith(prefix) ? dashlet.name.slice(prefix.length) : dashlet.name;
  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          {dragHandle}
          <Typography.Text strong ellipsis={{ tooltip: dashlet.name }} style={{ minWidth: 0 }}>
            {title}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Flex gap={0}>
          <Tooltip title={t('dashboards.refresh')}>
            <Button
              size="small"
              type="text"
              aria-label={t('dashboards.refreshNamed', { name: dashlet.name })}
              icon={<ReloadOutlined />}
              loading={figures.isFetching}
              onClick={() => void figures.refetch()}
            />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'CSV', label: t('dashboards.downloadCsv') },
                { key: 'XLSX', label: t('dashboards.downloadXlsx') },
              ],
              onClick: ({ key }) => download.mutate({ dashletId: dashlet.id, format: key as 'CSV' | 'XLSX' }),
            }}
          >
            <Button
              size="small"
              type="text"
              aria-label={t('dashboards.downloadNamed', { name: dashlet.name })}
              icon={<DownloadOutlined />}
            />
          </Dropdown>
        </Flex>
      }
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, overflow: 'hidden', padding: 12 } }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: -4, marginBottom: 4 }}>
        {subtitle}
      </Typography.Text>
      <div style={{ height: 'calc(100% - 22px)' }}>
        {figures.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : figures.isError ? (
          <Flex vertical align="center" justify="center" gap={8} style={{ height: '100%' }} role="alert">
            <Typography.Text type="secondary">{t('dashboards.figuresFailed')}</Typography.Text>
            <Button size="small" onClick={() => void figures.refetch()}>
              {t('common.retry')}
            </Button>
          </Flex>
        ) : (
          <DashletFiguresView figures={figures.data} />
        )}
      </div>
    </Card>
  );
}
