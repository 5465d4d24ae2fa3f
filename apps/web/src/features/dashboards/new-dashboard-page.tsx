import { DASHBOARD_MAX_DASHLETS, type DashboardPlacement } from '@recon/contract';
import { Button, Card, Flex, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '@/app/paths';
import { useDashlets, useSaveDashboard } from '@/features/dashboards/api/dashboards-api';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboard } from '@/lib/reads/dashboards';
import { showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';
import { BackTitle } from '@/ui/back-title';
import { PageHeader } from '@/ui/page-header';

const WIDTH = 6;
const HEIGHT = 5;

/**
 * The places of the chosen dashlets: those already on the dashboard keep theirs, new ones go below, two per row
 * (half the grid each); the dashboard page arranges them afterwards by drag and resize.
 */
export function layoutFor(ids: readonly number[], kept: readonly DashboardPlacement[]): DashboardPlacement[] {
  const stay = kept.filter((p) => ids.includes(p.dashletId));
  const bottom = stay.reduce((max, p) => Math.max(max, p.y + p.h), 0);
  const fresh = ids.filter((id) => !stay.some((p) => p.dashletId === id));
  return [
    ...stay,
    ...fresh.map((dashletId, i) => ({
      dashletId,
      x: (i % 2) * WIDTH,
      y: bottom + Math.floor(i / 2) * HEIGHT,
      w: WIDTH,
      h: HEIGHT,
    })),
  ];
}

/** Dashboard › New Dashboard (and a dashboard's edit, ?edit={id}): a name and the dashlets it shows. */
export default function NewDashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('edit') ? Number(params.get('edit')) : undefined;
  const { current } = useModuleSelection();
  const existing = useDashboard(current.id, editId);
  const dashlets = useDashlets(current.id);
  const save = useSaveDashboard();
  const [name, setName] = useState('');
  const [ids, setIds] = useState<number[]>([]);
  useEffect(() => {
    if (!existing.data) return;
    setName(existing.data.name);
    setIds(existing.data.layout.map((p) => p.dashletId));
  }, [existing.data]);

  const submit = async () => {
    const kept = existing.data?.layout.map(({ dashlet: _d, ...p }) => p) ?? [];
    const saved = await save.mutateAsync({ id: editId ?? null, body: { name, layout: layoutFor(ids, kept) } });
    showSuccessToast(editId ? t('dashboards.dashboardUpdated') : t('dashboards.dashboardCreated'));
    navigate(`${PATHS.dashboardBase}/${saved.id}`);
  };

  if (editId && existing.isPending) return <Skeleton active />;
  return (
    <>
      <PageHeader
        title={
          <BackTitle backTo={PATHS.allDashboards}>
            {editId ? t('dashboards.editDashboard', { name: existing.data?.name ?? '' }) : t('dashboards.newDashboard')}
          </BackTitle>
        }
        description={t('dashboards.newDashboardDescription')}
      />
      <Card style={{ maxWidth: 720 }}>
        <Form layout="vertical" component="div">
          <Form.Item label={t('dashboards.name')} required>
            <Input
              aria-label={t('dashboards.name')}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Item>
          <Form.Item
            label={t('dashboards.dashlets')}
            required
            extra={t('dashboards.dashletsHelp', { max: DASHBOARD_MAX_DASHLETS })}
          >
            <AppSelect<number[]>
              aria-label={t('dashboards.dashlets')}
              mode="multiple"
              value={ids}
              loading={dashlets.isPending}
              options={(dashlets.data ?? []).map((d) => ({
                value: d.id,
                label: (d.reconName ?? d.reportName) ? `${d.name} (${d.reconName ?? d.reportName})` : d.name,
              }))}
              onChange={(next) => setIds(next ?? [])}
            />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
              {t('dashboards.save')}
            </Button>
            <Button onClick={() => navigate(PATHS.allDashboards)}>{t('dashboards.cancel')}</Button>
          </Flex>
        </Form>
      </Card>
    </>
  );
}
