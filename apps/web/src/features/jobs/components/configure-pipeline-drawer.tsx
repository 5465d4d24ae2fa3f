import { BOT_DATE_PARAM_FORMAT } from '@recon/contract';
import { Button, Drawer, Flex, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useBotConfigs } from '@/features/jobs/api/get-bot-configs';
import { botOfActivity } from '@/features/jobs/bot-activity';
import { BotSettingsFields } from '@/features/jobs/components/bot-settings-fields';
import { ExportSettingsFields } from '@/features/jobs/components/export-settings-fields';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import { type ActivityDraft, isExportType } from '@/features/jobs/job-draft';

type Values = Record<string, unknown>;
type Props = { activity: ActivityDraft | null; onApply: (next: ActivityDraft) => void; onClose: () => void };

const DRAWER_WIDTH_PX = 560;

/** Whether a row offers Configure Pipeline: exports, bots, and pipelines that do not read files (spec 2 §2). */
export function hasPipelineSettings(activity: ActivityDraft): boolean {
  if (isExportType(activity.type) || activity.type === 'BOT') return true;
  return activity.type === 'PIPE_LINE' && activity.pipelineSource !== null && activity.pipelineSource !== 'FILE';
}

/** Blank form values are stored as null, so a cleared field does not keep its old value. */
function withNulls(values: Values): Values {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === undefined || v === '' ? null : v]));
}

function initialValues(activity: ActivityDraft): Values {
  if (isExportType(activity.type)) return { ...activity.jobConfiguration };
  if (activity.type === 'BOT') {
    const info = activity.additionalInfo ?? {};
    const dateParam = typeof info.dateParam === 'string' ? dayjs(info.dateParam, BOT_DATE_PARAM_FORMAT) : undefined;
    return { ...info, dateParam: dateParam?.isValid() ? dateParam : undefined };
  }
  return { integrationAuthId: activity.integrationAuthId };
}

/** The Configure Pipeline side panel of an activity row: export settings, bot settings or the connector's auth. */
export function ConfigurePipelineDrawer({ activity, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const bots = useBotConfigs(activity?.type === 'BOT');
  const bot = activity?.type === 'BOT' ? botOfActivity(bots.data?.data ?? [], activity) : undefined;

  const onFinish = (values: Values) => {
    if (!activity) return;
    if (isExportType(activity.type)) {
      onApply({ ...activity, jobConfiguration: withNulls(values) });
    } else if (activity.type === 'BOT') {
      const month = values.dateParam as Dayjs | undefined;
      onApply({
        ...activity,
        additionalInfo: withNulls({
          ...values,
          botType: bot?.botType ?? activity.additionalInfo?.botType,
          dateParam: month ? month.format(BOT_DATE_PARAM_FORMAT) : null,
        }),
      });
    } else {
      onApply({ ...activity, integrationAuthId: (values.integrationAuthId as number | null | undefined) ?? null });
    }
    onClose();
  };

  return (
    <Drawer
      open={activity !== null}
      title={t('jobs.drawer.title')}
      size={DRAWER_WIDTH_PX}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()}>
            {t('jobs.drawer.apply')}
          </Button>
        </Flex>
      }
    >
      {activity && (
        <>
          <Typography.Paragraph type="secondary">
            {t('jobs.drawer.subtitle', {
              sequence: activity.sequence,
              type: t(`jobs.activityTypes.${activity.type ?? 'PIPE_LINE'}`),
              name: activity.name ?? '',
            })}
          </Typography.Paragraph>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={initialValues(activity)}
            onFinish={onFinish}
            onValuesChange={(changed: Values) => {
              // A new report type has its own sub types and durations; a new duration type its own choices.
              if ('reportType' in changed) {
                form.setFieldsValue({
                  reportSubType: undefined,
                  reportDuration: undefined,
                  reportDurationValue: undefined,
                });
              }
              if ('reportDuration' in changed) form.setFieldsValue({ reportDurationValue: undefined });
            }}
          >
            {isExportType(activity.type) && <ExportSettingsFields />}
            {activity.type === 'BOT' && bot && <BotSettingsFields bot={bot} />}
            {activity.type === 'PIPE_LINE' && (
              <Form.Item
                name="integrationAuthId"
                label={t('jobs.drawer.integrationAuthId')}
                extra={t('jobs.drawer.integrationAuthHint', { source: activity.pipelineSource ?? '' })}
              >
                <WholeNumberInput aria-label={t('jobs.drawer.integrationAuthId')} min={1} />
              </Form.Item>
            )}
          </Form>
        </>
      )}
    </Drawer>
  );
}
