import { JOB_BULK_PROCESSOR_TYPES } from '@recon/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBotConfigs } from '@/features/jobs/api/get-bot-configs';
import { useEmailFetchConfigs } from '@/features/jobs/api/get-email-fetch-configs';
import { useExportReportConfigs } from '@/features/jobs/api/get-export-report-configs';
import { useJobPipelines } from '@/features/jobs/api/get-job-pipelines';
import { useJobRecons } from '@/features/jobs/api/get-job-recons';
import { botOfActivity, botTypeId } from '@/features/jobs/bot-activity';
import { WholeNumberInput } from '@/features/jobs/components/whole-number-input';
import { type ActivityDraft, isExportType, withBulkType, withTarget } from '@/features/jobs/job-draft';
import { useModuleSelection } from '@/lib/module-context';
import { useReportGroupOptions, useReportOptions } from '@/lib/reads/reports';
import { AppSelect } from '@/ui/app-select';

type Props = {
  activity: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
  /** Marks the field as the missing part of the activity (after a refused Next). */
  hasProblem?: boolean;
};

const FULL_WIDTH = { width: '100%' } as const;

/** What the activity runs: a pipeline, a recon, an export config, a bot, a bulk processor type, or an id. */
export function ActivityTargetPicker({ activity, onChange, hasProblem = false }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const { type } = activity;
  const pipelines = useJobPipelines(current.id, type === 'PIPE_LINE');
  const recons = useJobRecons(current.id, type === 'RECON');
  const exports = useExportReportConfigs(current.id, isExportType(type));
  const bots = useBotConfigs(type === 'BOT');
  const mail = useEmailFetchConfigs(current.id, type === 'EMAIL_FETCH');
  const reports = useReportOptions(current.id, type === 'REPORT');
  const reportGroups = useReportGroupOptions(current.id, type === 'REPORT_GROUP');
  const label = `${t('jobs.editor.activity')} ${activity.sequence}`;
  const status = hasProblem ? 'error' : undefined;
  // The saved target's name stays visible while (or if) the options load.
  const saved = activity.typeId !== null && activity.name ? [{ value: activity.typeId, label: activity.name }] : [];
  const withSaved = (options: { value: number; label: string }[]) =>
    options.some((o) => o.value === activity.typeId) ? options : [...saved, ...options];

  if (type === null) {
    return (
      <AppSelect<number>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        disabled
        placeholder={t('jobs.editor.chooseTypeFirst')}
      />
    );
  }
  if (type === 'PIPE_LINE') {
    return (
      <AppSelect<number>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        loading={pipelines.isPending}
        value={activity.typeId ?? undefined}
        options={withSaved((pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name })))}
        onChange={(id) => {
          const pipeline = pipelines.data?.find((p) => p.id === id);
          onChange(
            withTarget(activity, {
              typeId: id ?? null,
              name: pipeline?.name ?? null,
              pipelineSource: pipeline?.source ?? activity.pipelineSource,
              integrationAuthId: null,
            }),
          );
        }}
      />
    );
  }
  if (type === 'RECON') {
    return (
      <AppSelect<number>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        loading={recons.isPending}
        value={activity.typeId ?? undefined}
        options={withSaved((recons.data ?? []).map((r) => ({ value: r.id, label: r.name })))}
        onChange={(id) =>
          onChange(
            withTarget(activity, { typeId: id ?? null, name: recons.data?.find((r) => r.id === id)?.name ?? null }),
          )
        }
      />
    );
  }
  if (type === 'REPORT' || type === 'REPORT_GROUP') {
    // A report config (its saved filter values) or a saved group of them (GET /v2/scheduleSqlQuerys).
    const list = type === 'REPORT' ? reports : reportGroups;
    const options =
      type === 'REPORT'
        ? (reports.data ?? []).map((o) => ({ value: o.id, label: o.name }))
        : (reportGroups.data ?? []).map((o) => ({
            value: o.id,
            label: t('jobs.editor.reportGroup', { name: o.name, reports: o.reports.join(', ') }),
          }));
    return (
      <AppSelect<number>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        loading={list.isPending}
        value={activity.typeId ?? undefined}
        options={withSaved(options)}
        onChange={(id) =>
          onChange(
            withTarget(activity, {
              typeId: id ?? null,
              name: (list.data ?? []).find((o) => o.id === id)?.name ?? null,
            }),
          )
        }
      />
    );
  }
  if (isExportType(type)) {
    return (
      <AppSelect<number>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        loading={exports.isPending}
        value={activity.typeId ?? undefined}
        options={withSaved(
          (exports.data ?? []).map((c) => ({ value: c.id, label: `${c.configName} (${c.exportJobTypeName})` })),
        )}
        onChange={(id) => {
          const config = exports.data?.find((c) => c.id === id);
          onChange(
            withTarget(activity, {
              typeId: id ?? null,
              name: config?.configName ?? null,
              // The export's settings start from the chosen config; the Configure Pipeline panel edits them.
              jobConfiguration: config
                ? {
                    pipelineId: config.pipelineId,
                    reportConfigId: config.reportConfigId,
                    exportColums: config.exportColums,
                    exportJobTypeName: config.exportJobTypeName,
                    configName: config.configName,
                    facility: config.facility,
                    exportFilterId: config.exportFilterId,
                    accountId: config.accountId,
                  }
                : null,
            }),
          );
        }}
      />
    );
  }
  if (type === 'BOT') {
    const catalogue = bots.data?.data ?? [];
    const bot = botOfActivity(catalogue, activity);
    return (
      <AppSelect<string>
        style={FULL_WIDTH}
        status={status}
        aria-label={label}
        loading={bots.isPending}
        value={bot?.botType}
        options={catalogue.map((b) => ({ value: b.botType, label: b.label }))}
        onChange={(botType) => {
          const chosen = catalogue.find((b) => b.botType === botType);
          onChange(
            withTarget(activity, {
              typeId: chosen ? botTypeId(catalogue, chosen.botType) : null,
              name: chosen?.label ?? null,
              // A different bot has other report types: its settings start again.
              additionalInfo: chosen ? { botType: chosen.botType } : null,
            }),
          );
        }}
      />
    );
  }
  if (type === 'BULK_PROCESSOR') {
    return (
      <AppSelect<string>
        style={FULL_WIDTH}
        status={status}
        aria-label={`${t('jobs.editor.bulkProcessorType')} ${activity.sequence}`}
        value={activity.bulkProcessorType ?? undefined}
        options={JOB_BULK_PROCESSOR_TYPES.map((b) => ({ value: b.value, label: b.label }))}
        onChange={(value) => onChange(withBulkType(activity, value ?? null))}
      />
    );
  }
  if (type === 'EMAIL_FETCH') {
    // No rule: every active rule of the module; no mailbox: every mailbox of the module (decision 0027).
    const rules = mail.data?.data ?? [];
    const accounts = mail.data?.accounts ?? [];
    return (
      // Stacked: side by side neither the rule nor the mailbox could be read at 1280 px.
      <Flex vertical gap={6} style={FULL_WIDTH}>
        <AppSelect<number>
          style={FULL_WIDTH}
          aria-label={label}
          allowClear
          loading={mail.isPending}
          placeholder={t('jobs.editor.emailFetch.allRules')}
          value={activity.typeId ?? undefined}
          options={withSaved(
            rules.map((r) => ({
              value: r.id,
              label: r.isActive
                ? t('jobs.editor.emailFetch.rule', { name: r.name, pipeline: r.pipelineName ?? '—' })
                : t('jobs.editor.emailFetch.inactiveRule', { name: r.name }),
              disabled: !r.isActive,
            })),
          )}
          onChange={(id) =>
            onChange(
              withTarget(activity, {
                typeId: id ?? null,
                name: rules.find((r) => r.id === id)?.name ?? null,
                integrationAuthId: activity.integrationAuthId,
              }),
            )
          }
        />
        <AppSelect<number>
          style={FULL_WIDTH}
          aria-label={t('jobs.editor.emailFetch.mailboxOf', { sequence: activity.sequence })}
          allowClear
          loading={mail.isPending}
          placeholder={t('jobs.editor.emailFetch.allMailboxes')}
          value={activity.integrationAuthId ?? undefined}
          options={accounts.map((a) => ({
            value: a.id,
            label:
              a.status === 'CONNECTED'
                ? t('jobs.editor.emailFetch.mailbox', { account: a.account, provider: a.provider })
                : t('jobs.editor.emailFetch.mailboxStatus', { account: a.account, status: a.status }),
          }))}
          onChange={(id) => onChange({ ...activity, integrationAuthId: id ?? null })}
        />
      </Flex>
    );
  }
  if (type === 'DATA_PRE_PROCESSING') {
    return <Typography.Text type="secondary">{t('jobs.editor.noTarget')}</Typography.Text>;
  }
  // No list of these targets is served in this version: the id is typed.
  return (
    <WholeNumberInput
      aria-label={label}
      status={status}
      min={1}
      placeholder={t('jobs.editor.targetId', { type: t(`jobs.activityTypes.${type}`) })}
      value={activity.typeId}
      onChange={(id) => onChange(withTarget(activity, { typeId: id ?? null, name: null }))}
    />
  );
}
