import { PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { RULE_TYPE_LABELS, type RuleSummary } from '@recon/contract';
import { Alert, Button, Card, Empty, Flex, Modal, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useReconRules } from '@/features/rules/api/get-recon-rules';
import { useSwitchRule, useUpdateRuleGroup } from '@/features/rules/api/update-rule-group';
import { RuleRowActions } from '@/features/rules/components/rule-row-actions';
import { CREATE_RULE_PATH, viewRulePath, withRecon } from '@/features/rules/paths';
import { isOrderChanged, moveRule } from '@/features/rules/rule-order';
import { useHasPrivilege } from '@/lib/access-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useReconOptions } from '@/lib/reads/recons';
import { AppSelect } from '@/ui/app-select';
import { LeaveGuard } from '@/ui/leave-guard';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { DragHandle, SortableRow, SortableRows } from '@/ui/sortable-rows';
import { StatusTag } from '@/ui/status-tag';

type Switching = { rule: RuleSummary; enabled: boolean };

/** The draft order kept over a new answer for the same rules (a rule switched meanwhile), with the new answer's rows. */
function keepDraft(draft: RuleSummary[] | null, saved: readonly RuleSummary[]): RuleSummary[] | null {
  if (!draft || draft.length !== saved.length) return null;
  const byId = new Map(saved.map((r) => [r.id, r]));
  const rows = draft.map((r) => byId.get(r.id));
  return rows.every((r) => r !== undefined) ? (rows as RuleSummary[]) : null;
}

/**
 * Operations › Configuration › Recon Rules: a recon's rules in the order the engine runs them. Switching a rule on or
 * off is saved at once, after a confirmation that says what the next run will do. Dragging rows is a draft until
 * Save Order; the page says so, and leaving with a draft asks first.
 */
export default function RulesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const canEdit = useHasPrivilege({ code: 'createEditRule' });
  const canView = useHasPrivilege({ code: 'viewRule' });
  const [searchParams, setSearchParams] = useSearchParams();
  const recons = useReconOptions(current.id);
  const asked = Number.parseInt(searchParams.get('reconId') ?? '', 10);
  const reconId = recons.data?.some((r) => r.id === asked) ? asked : recons.data?.[0]?.id;
  const rules = useReconRules(current.id, reconId);
  const saveOrder = useUpdateRuleGroup();
  const switchRule = useSwitchRule();
  const [draft, setDraft] = useState<RuleSummary[] | null>(null);
  // The switch being confirmed, then the one being saved (shown in its new position until the server answers).
  const [asking, setAsking] = useState<Switching | null>(null);
  const [saving, setSaving] = useState<Switching | null>(null);
  const saved = rules.data?.data ?? [];
  const shown = draft ?? saved;
  const isDirty = draft !== null && isOrderChanged(saved, draft);

  // A new answer from the server replaces the draft; a rule switched meanwhile keeps the order not saved yet.
  useEffect(() => setDraft((d) => keepDraft(d, rules.data?.data ?? [])), [rules.data]);

  const onSwitch = () => {
    const groupId = rules.data?.ruleGroupId;
    if (!asking || groupId == null) return;
    const { rule, enabled } = asking;
    setAsking(null);
    setSaving(asking);
    switchRule.mutate(
      {
        groupId,
        saved,
        ruleId: rule.id,
        enabled,
        successText: t(enabled ? 'rules.switchedOn' : 'rules.switchedOff', { name: rule.name }),
      },
      { onSettled: () => setSaving(null) },
    );
  };

  const onSave = async () => {
    const groupId = rules.data?.ruleGroupId;
    if (!draft || groupId == null) return;
    await saveOrder.mutateAsync({
      id: groupId,
      rules: draft.map((r, i) => ({ id: r.id, sequence: i + 1, enabled: r.enabled })),
    });
  };

  const columns = [
    ...(canEdit
      ? [
          {
            title: '',
            key: 'drag',
            width: 44,
            render: (_: unknown, row: RuleSummary) => <DragHandle label={t('rules.dragRule', { name: row.name })} />,
          },
        ]
      : []),
    {
      title: t('rules.sequence'),
      key: 'sequence',
      width: 76,
      align: 'right' as const,
      render: (_: unknown, _row: RuleSummary, index: number) => index + 1,
    },
    {
      title: t('rules.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, row: RuleSummary) => (
        <Flex vertical>
          {canView ? <Link to={viewRulePath(row.id)}>{name}</Link> : name}
          {row.description && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.description }}>
              {row.description}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('rules.ruleType'),
      dataIndex: 'ruleType',
      key: 'ruleType',
      width: 170,
      render: (type: RuleSummary['ruleType']) => <Tag color="geekblue">{RULE_TYPE_LABELS[type]}</Tag>,
    },
    {
      title: t('rules.enabled'),
      key: 'enabled',
      width: 96,
      render: (_: unknown, row: RuleSummary) =>
        canEdit ? (
          <Switch
            aria-label={t('rules.enabledOf', { name: row.name })}
            checked={saving?.rule.id === row.id ? saving.enabled : row.enabled}
            loading={saving?.rule.id === row.id}
            disabled={saving !== null}
            onChange={(enabled) => setAsking({ rule: row, enabled })}
          />
        ) : (
          <StatusTag
            status={row.enabled ? 'ACTIVE' : 'INACTIVE'}
            label={row.enabled ? t('rules.enabledYes') : t('rules.enabledNo')}
          />
        ),
    },
    {
      title: t('rules.conditions'),
      dataIndex: 'conditionCount',
      key: 'conditionCount',
      width: 130,
      align: 'right' as const,
    },
    {
      title: t('rules.updated'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 120,
      render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 136,
      render: (_: unknown, row: RuleSummary) => <RuleRowActions row={row} />,
    },
  ];

  const table = (
    <Table<RuleSummary>
      rowKey="id"
      tableLayout="fixed"
      loading={rules.isFetching || recons.isLoading}
      dataSource={shown}
      pagination={false}
      locale={{
        emptyText:
          rules.isPending && reconId !== undefined ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('rules.noRules')} />
          ),
      }}
      components={canEdit ? { body: { row: SortableRow } } : undefined}
      columns={columns}
    />
  );

  return (
    <>
      <PageHeader
        title={t('rules.title')}
        description={t('rules.description')}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(withRecon(CREATE_RULE_PATH, reconId))}
            >
              {t('rules.createTitle')}
            </Button>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Flex align="center" gap={12}>
            <Typography.Text strong>{t('rules.recon')}</Typography.Text>
            <AppSelect<number>
              aria-label={t('rules.recon')}
              style={{ width: 320 }}
              loading={recons.isLoading}
              value={reconId}
              placeholder={t('rules.chooseRecon')}
              options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(id) => setSearchParams({ reconId: String(id) })}
            />
          </Flex>
          {canEdit && (
            <Flex align="center" gap={8}>
              {isDirty && (
                <Tag color="warning" role="status">
                  {t('rules.unsavedOrder')}
                </Tag>
              )}
              <Button icon={<UndoOutlined />} disabled={!isDirty} onClick={() => setDraft(null)}>
                {t('rules.resetOrder')}
              </Button>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!isDirty}
                loading={saveOrder.isPending}
                onClick={() => void onSave()}
              >
                {t('rules.saveOrder')}
              </Button>
            </Flex>
          )}
        </Flex>
      </Card>
      {recons.data?.length === 0 && (
        <Alert type="info" showIcon message={t('rules.noRecons')} style={{ marginBottom: 16 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        {rules.isError && !rules.data ? (
          <QueryError onRetry={() => void rules.refetch()} />
        ) : canEdit ? (
          <SortableRows ids={shown.map((r) => r.id)} onMove={(from, to) => setDraft(moveRule(shown, from, to))}>
            {table}
          </SortableRows>
        ) : (
          table
        )}
      </Card>
      <Modal
        open={asking !== null}
        title={asking && t(asking.enabled ? 'rules.switchOnTitle' : 'rules.switchOffTitle', { name: asking.rule.name })}
        okText={asking?.enabled ? t('rules.switchOn') : t('rules.switchOff')}
        okButtonProps={{ danger: asking?.enabled === false }}
        cancelText={t('common.cancel')}
        onOk={onSwitch}
        onCancel={() => setAsking(null)}
      >
        {asking && t(asking.enabled ? 'rules.nextRunWith' : 'rules.nextRunWithout', { name: asking.rule.name })}
      </Modal>
      <LeaveGuard isDirty={isDirty} text={t('rules.leaveText')} />
    </>
  );
}
