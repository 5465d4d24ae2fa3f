import { Card, Col, Form, Row, Switch, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ApprovalPipeline,
  type JobPipeline,
  type SettingsDraft,
  withDashboard,
} from '@/features/jobs/settings-draft';
import { useModuleSelection } from '@/lib/module-context';
import { useDashboard, useDashboardList } from '@/lib/reads/dashboards';
import { AppSelect } from '@/ui/app-select';

type Props = {
  draft: SettingsDraft;
  pipelines: readonly JobPipeline[];
  onChange: (next: SettingsDraft) => void;
};

/**
 * File approval (maker-checker): runs stop after their files load until another user approves them on the
 * dashboard. The dashboard is one of the module's (decision 0037), each pipeline's dashlet one on that dashboard.
 */
export function FileApprovalSection({ draft, pipelines, onChange }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const dashboards = useDashboardList(current.id, draft.isFileApprovalEnabled);
  const dashboard = useDashboard(current.id, draft.dashboardId ?? undefined);
  const dashletOptions = (dashboard.data?.layout ?? []).map((p) => ({ value: p.dashletId, label: p.dashlet.name }));
  const nameOf = (id: number) => pipelines.find((p) => p.id === id)?.name ?? String(id);
  const setDashlet = (pipelineId: number, dashletId: number | null) =>
    onChange({
      ...draft,
      approvalPipelines: draft.approvalPipelines.map((p) => (p.pipelineId === pipelineId ? { ...p, dashletId } : p)),
    });

  return (
    <Card
      title={t('jobs.settings.approval')}
      extra={
        <Switch
          aria-label={t('jobs.settings.approval')}
          checked={draft.isFileApprovalEnabled}
          onChange={(isFileApprovalEnabled) => onChange({ ...draft, isFileApprovalEnabled })}
        />
      }
      style={{ marginBottom: 16 }}
    >
      {draft.isFileApprovalEnabled ? (
        <Form layout="vertical" component="div">
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('jobs.settings.dashboardId')} required extra={t('jobs.settings.dashboardHint')}>
                <AppSelect<number>
                  aria-label={t('jobs.settings.dashboardId')}
                  allowClear
                  value={draft.dashboardId ?? undefined}
                  loading={dashboards.isPending}
                  options={(dashboards.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                  onChange={(id) => onChange(withDashboard(draft, id ?? null))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label={t('jobs.settings.approvalPipelines')}>
                <AppSelect<number[]>
                  aria-label={t('jobs.settings.approvalPipelines')}
                  mode="multiple"
                  value={draft.approvalPipelines.map((p) => p.pipelineId)}
                  options={pipelines.map((p) => ({ value: p.id, label: p.name }))}
                  onChange={(ids) =>
                    onChange({
                      ...draft,
                      approvalPipelines: (ids ?? []).map(
                        (id) =>
                          draft.approvalPipelines.find((p) => p.pipelineId === id) ?? {
                            pipelineId: id,
                            dashletId: null,
                          },
                      ),
                    })
                  }
                />
              </Form.Item>
            </Col>
          </Row>
          {draft.approvalPipelines.length > 0 && (
            <Table<ApprovalPipeline>
              rowKey="pipelineId"
              size="small"
              pagination={false}
              dataSource={draft.approvalPipelines}
              columns={[
                { title: t('jobs.settings.pipeline'), key: 'pipeline', render: (_, row) => nameOf(row.pipelineId) },
                {
                  title: t('jobs.settings.dashletId'),
                  key: 'dashlet',
                  width: 220,
                  render: (_, row) => (
                    <AppSelect<number>
                      aria-label={`${t('jobs.settings.dashletId')} ${nameOf(row.pipelineId)}`}
                      allowClear
                      disabled={!draft.dashboardId}
                      value={row.dashletId ?? undefined}
                      options={dashletOptions}
                      onChange={(id) => setDashlet(row.pipelineId, id ?? null)}
                    />
                  ),
                },
              ]}
            />
          )}
        </Form>
      ) : (
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('jobs.settings.approvalOff')}</span>
      )}
    </Card>
  );
}
