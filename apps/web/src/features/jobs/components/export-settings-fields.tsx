import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExportReportConfigTypes } from '@/features/jobs/api/get-export-report-config-types';
import { useJobPipelines } from '@/features/jobs/api/get-job-pipelines';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';

/** The export-job configuration: an export needs a pipeline, a report config and an account (spec 2 §3). */
export function ExportSettingsFields() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const pipelines = useJobPipelines(current.id);
  const types = useExportReportConfigTypes(current.id);
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="exportJobTypeName" label={t('jobs.drawer.reportName')}>
            <AppSelect<string>
              aria-label={t('jobs.drawer.reportName')}
              loading={types.isPending}
              options={(types.data ?? []).map((name) => ({ value: name, label: name }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="configName" label={t('jobs.drawer.configName')}>
            <Input aria-label={t('jobs.drawer.configName')} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="pipelineId"
        label={t('jobs.drawer.pipeline')}
        rules={[{ required: true, message: t('jobs.drawer.pipelineRequired') }]}
      >
        <AppSelect<number>
          aria-label={t('jobs.drawer.pipeline')}
          loading={pipelines.isPending}
          options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="reportConfigId"
            label={t('jobs.drawer.reportConfigId')}
            rules={[{ required: true, message: t('jobs.drawer.reportConfigRequired') }]}
          >
            <WholeNumberInput aria-label={t('jobs.drawer.reportConfigId')} min={1} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="accountId"
            label={t('jobs.drawer.accountId')}
            rules={[{ required: true, whitespace: true, message: t('jobs.drawer.accountRequired') }]}
          >
            <Input aria-label={t('jobs.drawer.accountId')} maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="exportColums" label={t('jobs.drawer.exportColumns')} extra={t('jobs.drawer.exportColumnsHint')}>
        <Input.TextArea aria-label={t('jobs.drawer.exportColumns')} autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="facility" label={t('jobs.drawer.facility')}>
            <Input aria-label={t('jobs.drawer.facility')} maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="exportFilterId" label={t('jobs.drawer.exportFilterId')}>
            <WholeNumberInput aria-label={t('jobs.drawer.exportFilterId')} min={1} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
