import type { DashboardPlacement } from '@recon/contract';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveLayout } from '@/features/dashboards/api/dashboards-api';
import { DashboardGrid } from '@/features/dashboards/components/dashboard-grid';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboard } from '@/lib/reads/dashboards';
import { showSuccessToast } from '@/lib/toast';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';

/** One dashboard's grid: loading, not found or failed, empty, or its dashlets (arranged by dashboardConfig holders). */
export function DashboardView({ id }: { id: number }) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const dashboard = useDashboard(current.id, id);
  const canArrange = useHasPrivilege({ code: 'dashboardConfig' });
  const save = useSaveLayout(current.id);
  const onLayoutChange = (layout: DashboardPlacement[]) =>
    save.mutate({ id, layout }, { onSuccess: () => showSuccessToast(t('dashboards.layoutSaved')) });

  if (dashboard.isPending) return <Skeleton active />;
  if (dashboard.isError) return <QueryError onRetry={() => void dashboard.refetch()} />;
  if (dashboard.data.layout.length === 0) {
    return (
      <Card>
        <EmptyState description={t('dashboards.noDashlets')} />
      </Card>
    );
  }
  return <DashboardGrid dashboard={dashboard.data} isEditable={canArrange} onLayoutChange={onLayoutChange} />;
}
