import { BOT_BUSINESS_MODELS, BOT_DATE_PARAM_FORMAT, type BotConfigsResponse } from '@recon/contract';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJobPipelines } from '@/features/jobs/api/get-job-pipelines';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';

type Bot = BotConfigsResponse['data'][number];

/** Cocoblu reads a vendor code of its credentials config. */
const VENDOR_CODE_BOTS: readonly string[] = ['COCOBLU'];

/**
 * A bot's additionalInfo. For a duration report (First Cry SALES) the duration type comes first and the sub type
 * (the duration's choices) stays disabled until one is picked; other reports offer their own sub types.
 */
export function BotSettingsFields({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const pipelines = useJobPipelines(current.id);
  const form = Form.useFormInstance();
  const reportType = Form.useWatch<string | undefined>('reportType', form);
  const durationType = Form.useWatch<string | undefined>('reportDuration', form);
  const report = bot.reportTypes.find((r) => r.value === reportType);
  const isDurationReport = reportType !== undefined && bot.durationReportTypes.includes(reportType);
  const duration = bot.durationTypes.find((d) => d.value === durationType);

  return (
    <>
      <Form.Item name="pipelineId" label={t('jobs.drawer.pipeline')} extra={t('jobs.drawer.botPipelineHint')}>
        <AppSelect<number>
          aria-label={t('jobs.drawer.pipeline')}
          loading={pipelines.isPending}
          options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      {bot.reportTypes.length > 0 && (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="reportType" label={t('jobs.drawer.reportType')}>
              <AppSelect<string>
                aria-label={t('jobs.drawer.reportType')}
                options={bot.reportTypes.map((r) => ({ value: r.value, label: r.label }))}
              />
            </Form.Item>
          </Col>
          {isDurationReport ? (
            <Col span={12}>
              <Form.Item name="reportDuration" label={t('jobs.drawer.durationType')}>
                <AppSelect<string>
                  aria-label={t('jobs.drawer.durationType')}
                  options={bot.durationTypes.map((d) => ({ value: d.value, label: `${d.label} (${d.value})` }))}
                />
              </Form.Item>
            </Col>
          ) : (
            report &&
            report.subTypes.length > 0 && (
              <Col span={12}>
                <Form.Item name="reportSubType" label={t('jobs.drawer.reportSubType')}>
                  <AppSelect<string>
                    aria-label={t('jobs.drawer.reportSubType')}
                    options={report.subTypes.map((s) => ({ value: s, label: s }))}
                  />
                </Form.Item>
              </Col>
            )
          )}
        </Row>
      )}
      {isDurationReport && (
        <Form.Item name="reportDurationValue" label={t('jobs.drawer.reportSubType')}>
          <AppSelect<string>
            aria-label={t('jobs.drawer.reportSubType')}
            disabled={!duration}
            placeholder={duration ? undefined : t('jobs.drawer.pickDurationFirst')}
            options={(duration?.choices ?? []).map((c) => ({ value: c.value, label: c.label }))}
          />
        </Form.Item>
      )}
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="credentialConfigId" label={t('jobs.drawer.credentialConfigId')}>
            <WholeNumberInput aria-label={t('jobs.drawer.credentialConfigId')} min={1} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="businessModel" label={t('jobs.drawer.businessModel')}>
            <AppSelect<string>
              aria-label={t('jobs.drawer.businessModel')}
              options={BOT_BUSINESS_MODELS.map((m) => ({ value: m, label: m }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {VENDOR_CODE_BOTS.includes(bot.botType) && (
          <Col span={12}>
            <Form.Item name="vendorCode" label={t('jobs.drawer.vendorCode')}>
              <Input aria-label={t('jobs.drawer.vendorCode')} maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {!isDurationReport && (
          <Col span={12}>
            <Form.Item name="dateParam" label={t('jobs.drawer.reportMonth')}>
              <DatePicker
                aria-label={t('jobs.drawer.reportMonth')}
                picker="month"
                format={BOT_DATE_PARAM_FORMAT}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
    </>
  );
}
