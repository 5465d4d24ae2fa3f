import { Button, Card, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { DashboardView } from '@/features/dashboards/components/dashboard-view';
import { useHasPrivilege } from '@/lib/access-context';
import { MODULE_CACHE_NAMES, readModuleCache, writeModuleCache } from '@/lib/module-cache';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboardList } from '@/lib/reads/dashboards';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/**
 * Dashboard › All Dashboard: the module's dashboards, the one last looked at (the module's dashboard cache, cleared
 * on a module switch) or the default one shown. A module with none gets its Recon health dashboard on first visit.
 */
export default function AllDashboardsPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const list = useDashboardList(current.id);
  const canCreate = useHasPrivilege({ code: 'dashboardConfig' });
  const [picked, setPicked] = useState<number | null>(() => {
    const cached = readModuleCache(MODULE_CACHE_NAMES.dashboard, current.id) as { dashboardId?: number } | null;
    return cached?.dashboardId ?? null;
  });
  const dashboards = list.data ?? [];
  const shown = dashboards.find((d) => d.id === picked) ?? dashboards[0];
  const pick = (id: number) => {
    setPicked(id);
    writeModuleCache(MODULE_CACHE_NAMES.dashboard, current.id, { dashboardId: id });
  };

  return (
    <>
      <PageHeader
        title={t('dashboards.allTitle')}
        description={t('dashboards.allDescription')}
        extra={
          canCreate && (
            <Link to={PATHS.newDashboard}>
              <Button type="primary">{t('dashboards.newDashboard')}</Button>
            </Link>
          )
        }
      />
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <QueryError onRetry={() => void list.refetch()} />
      ) : !shown ? (
        <Card>
          <EmptyState description={t('dashboards.noDashboards')} />
        </Card>
      ) : (
        <>
          <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
            {dashboards.length > 1 ? (
              <Segmented<number>
                aria-label={t('dashboards.pick')}
                value={shown.id}
                onChange={pick}
                options={dashboards.map((d) => ({ value: d.id, label: d.name }))}
              />
            ) : (
              <Typography.Title level={5} style={{ margin: 0 }}>
                {shown.name}
              </Typography.Title>
            )}
            {shown.isDefault && <Tag>{t('dashboards.default')}</Tag>}
          </Flex>
          <DashboardView key={shown.id} id={shown.id} />
        </>
      )}
    </>
  );
}
