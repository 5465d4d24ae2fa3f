import { DeleteOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { JOB_ACTIVITY_TYPES, JOB_PIPELINE_SOURCES, type JobActivityType } from '@recon/contract';
import { Button, Flex, Popconfirm, Switch, Tooltip, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityTargetPicker } from '@/features/jobs/components/activity-target-picker';
import { hasPipelineSettings } from '@/features/jobs/components/configure-pipeline-drawer';
import { type ActivityDraft, withType } from '@/features/jobs/job-draft';
import { AppSelect } from '@/ui/app-select';

/**
 * Widths of the parts of an activity row (on one line from 1280 px wide with the sidebar open), shared with the
 * heading row above the list so the two line up (and wrap alike on a narrow screen).
 */
const PARTS = {
  handle: { width: 24 },
  sequence: { width: 28 },
  type: { width: 190 },
  target: { flex: '1 1 180px', minWidth: 180 },
  source: { width: 160 },
  configure: { width: 140 },
  enabled: { width: 56 },
  remove: { width: 32 },
} as const;
const ROW_GAP = 12;
const ROW_PADDING = '8px 12px';

/** The names of an activity row's fields, above the first row: the selects show only their values. */
export function ActivityListHeading() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const cell = (part: keyof typeof PARTS, text = '') => (
    <span
      style={{
        ...PARTS[part],
        color: token.colorTextSecondary,
        fontSize: token.fontSizeSM,
        textAlign: part === 'sequence' ? 'right' : undefined,
      }}
    >
      {text}
    </span>
  );
  return (
    <Flex
      align="center"
      gap={ROW_GAP}
      wrap
      aria-hidden
      style={{ padding: ROW_PADDING, borderInline: '1px solid transparent' }}
    >
      {cell('handle')}
      {cell('sequence', '#')}
      {cell('type', t('jobs.editor.activityType'))}
      {cell('target', t('jobs.editor.activity'))}
      {cell('source', t('jobs.editor.pipelineSource'))}
      {cell('configure')}
      {cell('enabled', t('jobs.editor.enabled'))}
      {cell('remove')}
    </Flex>
  );
}

/** A check's message under what it is about, in the form's error colour (as a Form.Item's help). */
export function FieldProblem({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div role="alert" style={{ color: token.colorError, marginTop: 4 }}>
      {children}
    </div>
  );
}

type Props = {
  activity: ActivityDraft;
  onChange: (next: ActivityDraft) => void;
  onRemove: () => void;
  onConfigure: () => void;
  /** The check's message for this row (its type or target is missing), after a refused Next. */
  problem?: string | undefined;
};

/** One activity: drag handle, sequence, type, target, pipeline source, Configure Pipeline, enabled, delete. */
export function ActivityRow({ activity, onChange, onRemove, onConfigure, problem }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: activity.key,
  });
  const sequence = activity.sequence;
  const isPipeline = activity.type === 'PIPE_LINE';
  // For bots the panel needs the bot first: its report types depend on it.
  const isConfigureDisabled = activity.type === 'BOT' && activity.typeId === null;

  return (
    <div
      ref={setNodeRef}
      data-testid={`activity-row-${sequence}`}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: token.colorBgContainer,
        border: `1px solid ${isDragging ? token.colorPrimary : problem ? token.colorError : token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: ROW_PADDING,
        opacity: activity.enabled ? 1 : 0.6,
        boxShadow: isDragging ? token.boxShadowSecondary : undefined,
      }}
    >
      <Flex align="center" gap={ROW_GAP} wrap>
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          aria-label={t('jobs.editor.dragActivity', { sequence })}
          style={{ ...PARTS.handle, cursor: 'grab' }}
          {...attributes}
          {...listeners}
        />
        <span style={{ ...PARTS.sequence, fontWeight: 600, textAlign: 'right' }}>{sequence}</span>
        <div style={PARTS.type}>
          <AppSelect<JobActivityType>
            aria-label={`${t('jobs.editor.activityType')} ${sequence}`}
            allowClear={false}
            style={{ width: '100%' }}
            status={problem && !activity.type ? 'error' : undefined}
            placeholder={t('jobs.editor.activityType')}
            value={activity.type ?? undefined}
            options={JOB_ACTIVITY_TYPES.map((type) => ({ value: type, label: t(`jobs.activityTypes.${type}`) }))}
            onChange={(type) => onChange(withType(activity, type ?? null))}
          />
        </div>
        <div style={PARTS.target}>
          <ActivityTargetPicker activity={activity} onChange={onChange} hasProblem={!!problem && !!activity.type} />
        </div>
        <div style={PARTS.source}>
          <AppSelect<string>
            aria-label={`${t('jobs.editor.pipelineSource')} ${sequence}`}
            allowClear={false}
            style={{ width: '100%' }}
            disabled={!isPipeline}
            placeholder={t('jobs.editor.pipelineSource')}
            value={isPipeline ? (activity.pipelineSource ?? undefined) : undefined}
            options={JOB_PIPELINE_SOURCES.map((s) => ({ value: s, label: s }))}
            onChange={(pipelineSource) => onChange({ ...activity, pipelineSource: pipelineSource ?? null })}
          />
        </div>
        <div style={PARTS.configure}>
          {hasPipelineSettings(activity) && (
            <Button
              type="link"
              icon={<SettingOutlined />}
              disabled={isConfigureDisabled}
              onClick={onConfigure}
              aria-label={`${t('jobs.editor.configurePipeline')} ${sequence}`}
              style={{ paddingInline: 0 }}
            >
              {t('jobs.editor.configurePipeline')}
            </Button>
          )}
        </div>
        <div style={PARTS.enabled}>
          <Tooltip title={activity.enabled ? t('jobs.editor.enabled') : t('jobs.editor.disabled')}>
            <Switch
              checkedChildren={t('jobs.editor.on')}
              unCheckedChildren={t('jobs.editor.off')}
              aria-label={`${t('jobs.editor.enabled')} ${sequence}`}
              checked={activity.enabled}
              onChange={(enabled) => onChange({ ...activity, enabled })}
            />
          </Tooltip>
        </div>
        <div style={PARTS.remove}>
          <Popconfirm
            title={t('jobs.confirmTitle')}
            okText={t('jobs.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('jobs.editor.deleteActivity', { sequence })}
            />
          </Popconfirm>
        </div>
      </Flex>
      {problem && <FieldProblem>{problem}</FieldProblem>}
    </div>
  );
}
