import {
  DASHLET_CHARTS,
  DASHLET_KINDS,
  DASHLET_MAX_DAYS,
  DASHLET_MAX_LIMIT,
  DASHLET_REPORT_MAX_LIMIT,
  type DashletChart,
  type DashletKind,
  type DashletSave,
  DEFAULT_DASHLET_CHART,
  RECON_DASHLET_KINDS,
} from '@recon/contract';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Segmented, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '@/app/paths';
import { useDashlet, useDashletPreview, useSaveDashlet } from '@/features/dashboards/api/dashboards-api';
import { DashletFiguresView } from '@/features/dashboards/components/dashlet-figures-view';
import { errorBodyOf, firstServerMessage } from '@/lib/http-errors';
import { useModuleSelection } from '@/lib/module-context';
import { useDataElements, useReconDataSources } from '@/lib/reads/data-sources';
import { useReconOptions } from '@/lib/reads/recons';
import { useReportOptions } from '@/lib/reads/reports';
import { showSuccessToast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AppSelect } from '@/ui/app-select';
import { BackTitle } from '@/ui/back-title';
import { PageHeader } from '@/ui/page-header';

type Draft = {
  name: string;
  kind: DashletKind;
  reconId: number | undefined;
  chartType: DashletChart;
  days: number | null;
  dataSourceId: number | undefined;
  column: string | undefined;
  limit: number | null;
  reportConfigId: number | undefined;
};
const EMPTY: Draft = {
  name: '',
  kind: 'MATCH_RATE',
  reconId: undefined,
  chartType: DEFAULT_DASHLET_CHART.MATCH_RATE,
  days: null,
  dataSourceId: undefined,
  column: undefined,
  limit: null,
  reportConfigId: undefined,
};

const needsRecon = (kind: DashletKind) => RECON_DASHLET_KINDS.includes(kind);
const hasDays = (kind: DashletKind): kind is 'MATCH_RATE' | 'TREND' | 'RUNS' =>
  kind === 'MATCH_RATE' || kind === 'TREND' || kind === 'RUNS';

export function bodyOf(d: Draft): DashletSave {
  return {
    name: d.name,
    kind: d.kind,
    reconId: needsRecon(d.kind) ? (d.reconId ?? null) : null,
    chartType: d.chartType,
    parameters:
      d.kind === 'TOP_BREAKS'
        ? { dataSourceId: d.dataSourceId ?? null, column: d.column ?? null, limit: d.limit }
        : d.kind === 'REPORT'
          ? { reportConfigId: d.reportConfigId ?? null, limit: d.limit }
          : { days: d.days },
  };
}

/** Whether the draft says enough to be worked out (the preview waits until then). */
const isComplete = (d: Draft) =>
  (!needsRecon(d.kind) || d.reconId !== undefined) &&
  (d.kind !== 'TOP_BREAKS' || (d.dataSourceId !== undefined && d.column !== undefined)) &&
  (d.kind !== 'REPORT' || d.reportConfigId !== undefined);

/** Dashboard › New Dashlet (and a dashlet's edit, ?edit={id}): kind, source, parameters, chart, with a live preview. */
export default function DashletEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editId = params.get('edit') ? Number(params.get('edit')) : undefined;
  const { current } = useModuleSelection();
  const existing = useDashlet(current.id, editId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useEffect(() => {
    const d = existing.data;
    if (!d) return;
    setDraft({
      name: d.name,
      kind: d.kind,
      reconId: d.reconId ?? undefined,
      chartType: d.chartType,
      days: d.parameters.days ?? null,
      dataSourceId: d.parameters.dataSourceId ?? undefined,
      column: d.parameters.column ?? undefined,
      limit: d.parameters.limit ?? null,
      reportConfigId: d.parameters.reportConfigId ?? undefined,
    });
  }, [existing.data]);
  const recons = useReconOptions(current.id);
  const sources = useReconDataSources(current.id, draft.kind === 'TOP_BREAKS' ? draft.reconId : undefined);
  const columns = useDataElements(current.id, draft.kind === 'TOP_BREAKS' ? draft.dataSourceId : undefined);
  const reports = useReportOptions(current.id, draft.kind === 'REPORT');
  const debounced = useDebouncedValue(draft, 400);
  const preview = useDashletPreview(current.id, isComplete(debounced) ? bodyOf(debounced) : null);
  const save = useSaveDashlet();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    // A refusal (name taken, no recon…) shows as the error toast; the draft stays.
    await save.mutateAsync({ id: editId ?? null, body: bodyOf(draft) });
    showSuccessToast(editId ? t('dashboards.dashletUpdated') : t('dashboards.dashletCreated'));
    navigate(PATHS.dashletList);
  };

  if (editId && existing.isPending) return <Skeleton active />;
  return (
    <>
      <PageHeader
        title={
          <BackTitle backTo={PATHS.dashletList}>
            {editId ? t('dashboards.editDashlet', { name: existing.data?.name ?? '' }) : t('dashboards.newDashlet')}
          </BackTitle>
        }
        description={t('dashboards.newDashletDescription')}
      />
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card>
            <Form layout="vertical" component="div">
              <Form.Item label={t('dashboards.name')} required>
                <Input
                  aria-label={t('dashboards.name')}
                  value={draft.name}
                  maxLength={100}
                  onChange={(e) => set({ name: e.target.value })}
                />
              </Form.Item>
              <Form.Item label={t('dashboards.kind')} required extra={t(`dashboards.kindHelp.${draft.kind}`)}>
                <AppSelect<DashletKind>
                  aria-label={t('dashboards.kind')}
                  value={draft.kind}
                  options={DASHLET_KINDS.map((k) => ({ value: k, label: t(`dashboards.kinds.${k}`) }))}
                  onChange={(kind) => kind && set({ kind, chartType: DEFAULT_DASHLET_CHART[kind] })}
                />
              </Form.Item>
              {needsRecon(draft.kind) && (
                <Form.Item label={t('dashboards.recon')} required>
                  <AppSelect<number>
                    aria-label={t('dashboards.recon')}
                    value={draft.reconId}
                    loading={recons.isPending}
                    options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    onChange={(reconId) =>
                      set({ reconId: reconId ?? undefined, dataSourceId: undefined, column: undefined })
                    }
                  />
                </Form.Item>
              )}
              {draft.kind === 'TOP_BREAKS' && (
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item label={t('dashboards.dataSource')} required>
                      <AppSelect<number>
                        aria-label={t('dashboards.dataSource')}
                        value={draft.dataSourceId}
                        disabled={draft.reconId === undefined}
                        options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                        onChange={(dataSourceId) => set({ dataSourceId: dataSourceId ?? undefined, column: undefined })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item label={t('dashboards.column')} required>
                      <AppSelect<string>
                        aria-label={t('dashboards.column')}
                        value={draft.column}
                        disabled={draft.dataSourceId === undefined}
                        options={(columns.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
                        onChange={(column) => set({ column: column ?? undefined })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              )}
              {draft.kind === 'REPORT' && (
                <Form.Item label={t('dashboards.report')} required extra={t('dashboards.reportHelp')}>
                  <AppSelect<number>
                    aria-label={t('dashboards.report')}
                    value={draft.reportConfigId}
                    loading={reports.isPending}
                    notFoundContent={reports.isPending ? undefined : t('dashboards.noReports')}
                    options={(reports.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    onChange={(reportConfigId) => set({ reportConfigId: reportConfigId ?? undefined })}
                  />
                </Form.Item>
              )}
              {hasDays(draft.kind) && (
                <Form.Item label={t('dashboards.days')} extra={t(`dashboards.daysHelp.${draft.kind}`)}>
                  <InputNumber
                    aria-label={t('dashboards.days')}
                    min={1}
                    max={DASHLET_MAX_DAYS}
                    precision={0}
                    value={draft.days}
                    placeholder={draft.kind === 'MATCH_RATE' ? t('dashboards.allDays') : '30'}
                    onChange={(days) => set({ days: days ?? null })}
                    style={{ width: 160 }}
                  />
                </Form.Item>
              )}
              {(draft.kind === 'TOP_BREAKS' || draft.kind === 'REPORT') && (
                <Form.Item label={t(draft.kind === 'REPORT' ? 'dashboards.rowsShown' : 'dashboards.limit')}>
                  <InputNumber
                    aria-label={t(draft.kind === 'REPORT' ? 'dashboards.rowsShown' : 'dashboards.limit')}
                    min={1}
                    max={draft.kind === 'REPORT' ? DASHLET_REPORT_MAX_LIMIT : DASHLET_MAX_LIMIT}
                    precision={0}
                    value={draft.limit}
                    placeholder="10"
                    onChange={(limit) => set({ limit: limit ?? null })}
                    style={{ width: 160 }}
                  />
                </Form.Item>
              )}
              <Form.Item label={t('dashboards.chartType')}>
                <Segmented<DashletChart>
                  aria-label={t('dashboards.chartType')}
                  value={draft.chartType}
                  onChange={(chartType) => set({ chartType })}
                  options={DASHLET_CHARTS.map((c) => ({ value: c, label: t(`dashboards.charts.${c}`) }))}
                />
              </Form.Item>
              <Flex gap={8}>
                <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
                  {t('dashboards.save')}
                </Button>
                <Button onClick={() => navigate(PATHS.dashletList)}>{t('dashboards.cancel')}</Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('dashboards.preview')} styles={{ body: { height: 360 } }}>
            {!isComplete(draft) ? (
              <Typography.Text type="secondary">
                {t(draft.kind === 'REPORT' ? 'dashboards.previewHintReport' : 'dashboards.previewHint')}
              </Typography.Text>
            ) : preview.isError ? (
              <Alert
                type="warning"
                showIcon
                message={firstServerMessage(errorBodyOf(preview.error)) ?? t('common.loadFailed')}
              />
            ) : !preview.data ? (
              <Skeleton active />
            ) : (
              <DashletFiguresView figures={{ ...preview.data, title: draft.name || preview.data.title }} />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
