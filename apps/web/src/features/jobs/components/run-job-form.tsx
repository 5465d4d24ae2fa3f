import { CYCLE_OPTIONS, type JobDetail, validateJobRun } from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import { JOB_RUN_TEXTS } from '@recon/contract/texts';
import { Button, Col, DatePicker, Form, Radio, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRunJob } from '@/features/jobs/api/run-job';
import { filtersOf } from '@/features/jobs/job-draft';
import { executionPath } from '@/features/jobs/jobs-paths';
import { batchOptions, PERIOD_UNITS, type PeriodUnit, periodRange } from '@/features/jobs/run-period';
import { showErrorToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

type Props = {
  job: JobDetail;
  /** Uploaded files this run loads (upload-file-and-run-job). */
  fileIds?: readonly number[];
  isDisabled?: boolean;
  disabledReason?: string;
};

/**
 * The run form: batch number (batch-wise jobs), cycle (cycle-wise jobs), end date or, with Manually Choose Date
 * Range, a day / week / month / year whose last day is the end date. Checked by the contract's run checks; the
 * new run opens in the execution history.
 */
export function RunJobForm({ job, fileIds, isDisabled = false, disabledReason }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flags = filtersOf(job);
  const [batchNumber, setBatchNumber] = useState<number | null>(null);
  const [cycleNumber, setCycleNumber] = useState<number | null>(null);
  const [unit, setUnit] = useState<PeriodUnit>('day');
  const [day, setDay] = useState<Dayjs | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useRunJob(JOB_RUN_TEXTS.started);
  const range = day ? periodRange(unit, day) : null;
  const format = DATE_FORMATS.display;

  const onRun = () => {
    const param = {
      batchNumber: flags.SHOULD_RUN_BATCH_WISE ? batchNumber : null,
      cycleNumber: flags.SHOULD_RUN_CYCLE_WISE ? cycleNumber : null,
      endDate: range ? range[1].format(DATE_FORMATS.iso) : null,
    };
    const message = validateJobRun(flags, param);
    setProblem(message);
    if (message) {
      showErrorToast([message]);
      return;
    }
    run.mutate(
      { id: job.id, jobExecutionParam: param, ...(fileIds ? { fileIds: [...fileIds] } : {}) },
      { onSuccess: (execution) => navigate(executionPath(execution.id)) },
    );
  };

  const fieldError = (text: string) => (problem === text ? { validateStatus: 'error' as const, help: text } : {});

  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        {flags.SHOULD_RUN_BATCH_WISE && (
          <Col xs={24} md={8}>
            <Form.Item
              label={t('jobs.run.batchNumber')}
              required
              extra={flags.SHOW_BATCH_NUMBER_TIME_MAPPING ? t('jobs.run.timeMappingHint') : undefined}
              {...fieldError(JOB_RUN_TEXTS.batchRequired)}
            >
              <AppSelect<number>
                aria-label={t('jobs.run.batchNumber')}
                value={batchNumber ?? undefined}
                options={batchOptions(flags.SHOW_BATCH_NUMBER_TIME_MAPPING)}
                onChange={(value) => setBatchNumber(value ?? null)}
              />
            </Form.Item>
          </Col>
        )}
        {flags.SHOULD_RUN_CYCLE_WISE && (
          <Col xs={24} md={8}>
            <Form.Item
              label={t('jobs.run.cycleNumber')}
              required={!flags.SHOULD_RUN_BATCH_WISE}
              {...fieldError(JOB_RUN_TEXTS.cycleRequired)}
            >
              <AppSelect<number>
                aria-label={t('jobs.run.cycleNumber')}
                value={cycleNumber ?? undefined}
                options={CYCLE_OPTIONS.map((o) => ({ value: o.cycleNumber, label: o.label }))}
                onChange={(value) => setCycleNumber(value ?? null)}
              />
            </Form.Item>
          </Col>
        )}
        {flags.SHOW_DATE_RANGE ? (
          <Col xs={24} md={16}>
            <Form.Item
              label={t('jobs.run.dateRange')}
              extra={
                range
                  ? t('jobs.run.rangeText', { from: range[0].format(format), to: range[1].format(format) })
                  : undefined
              }
            >
              <Radio.Group
                aria-label={t('jobs.run.rangeUnit')}
                optionType="button"
                size="small"
                value={unit}
                options={PERIOD_UNITS.map((u) => ({ value: u, label: t(`jobs.run.units.${u}`) }))}
                onChange={(e) => setUnit(e.target.value)}
                style={{ marginBottom: 8, display: 'block' }}
              />
              <DatePicker
                aria-label={t('jobs.run.dateRange')}
                picker={unit === 'day' ? 'date' : unit}
                format={unit === 'day' ? format : undefined}
                value={day}
                onChange={setDay}
                style={{ width: 240 }}
              />
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24} md={8}>
            <Form.Item label={t('jobs.run.endDate')} extra={t('jobs.run.endDateHint')}>
              <DatePicker
                aria-label={t('jobs.run.endDate')}
                format={format}
                value={day}
                onChange={setDay}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      {!flags.SHOULD_RUN_BATCH_WISE && !flags.SHOULD_RUN_CYCLE_WISE && !flags.SHOW_DATE_RANGE && (
        <Typography.Paragraph type="secondary">{t('jobs.run.noParams')}</Typography.Paragraph>
      )}
      <Button type="primary" disabled={isDisabled} loading={run.isPending} onClick={onRun}>
        {t('jobs.run.submit')}
      </Button>
      {isDisabled && disabledReason && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
          {disabledReason}
        </Typography.Text>
      )}
    </Form>
  );
}
