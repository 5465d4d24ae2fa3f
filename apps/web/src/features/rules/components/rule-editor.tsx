import { FilterOutlined, GroupOutlined, PlusOutlined } from '@ant-design/icons';
import {
  firstRuleHeadProblem,
  firstRuleProblem,
  RULE_DESCRIPTION_MAX,
  RULE_NAME_MAX,
  RULE_TYPE_LABELS,
  RULE_TYPES,
  type RuleDetail,
  type RuleType,
} from '@recon/contract';
import { RULE_TEXTS } from '@recon/contract/texts';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSaveRule } from '@/features/rules/api/save-rule';
import { ConditionsTable } from '@/features/rules/components/conditions-table';
import { ConditionsTitle } from '@/features/rules/components/conditions-title';
import {
  blankCondition,
  type ConditionRow,
  changeRow,
  checkContextOf,
  problemIndex,
  type RuleHead,
  remapSides,
  rowsOf,
  type Sides,
  toSaveRequest,
  withoutRow,
  withRow,
} from '@/features/rules/condition-rows';
import { RULES_PATH, withRecon } from '@/features/rules/paths';
import { TryRulePanel } from '@/features/rules/try-rule/try-rule-panel';
import { useRuleSides } from '@/features/rules/use-rule-sides';
import { serverFieldErrors } from '@/lib/form-errors';
import { useModuleSelection } from '@/lib/module-context';
import { useReconOptions } from '@/lib/reads/recons';
import { closeErrorToast, showErrorToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

export type EditorMode = 'create' | 'edit' | 'copy';

type Props = {
  mode: EditorMode;
  /** Edit and copy: the rule as saved. */
  detail?: RuleDetail;
  /** The head to start with (a copy's "Copy of …" name). */
  initialHead?: Partial<RuleHead>;
};

/** A problem as a toast: the latest replaces any still showing, so a fix-and-retry is never silent. */
function toastProblem(message: string) {
  closeErrorToast();
  showErrorToast([message]);
}

/**
 * The rule editor (create-rule, edit-rule, copy-rule): the rule's head and its conditions. Saving runs the
 * contract's checks first (the server's, in its order) and shows the first problem as a toast, outlining the
 * condition it names; whatever the server still refuses comes back the same way.
 */
export function RuleEditor({ mode, detail, initialHead }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const [form] = Form.useForm<RuleHead>();
  const recons = useReconOptions(current.id);
  const reconId = Form.useWatch('reconId', form) ?? initialHead?.reconId;
  const ruleType = Form.useWatch('ruleType', form) as RuleType | undefined;
  const { sides, isMissingSides, isLoading } = useRuleSides(current.id, reconId);
  const [rows, setRows] = useState<ConditionRow[]>(() => rowsOf(detail?.conditions ?? []));
  const [problemKey, setProblemKey] = useState<string | null>(null);
  const save = useSaveRule(mode === 'edit' ? RULE_TEXTS.saved : RULE_TEXTS.created);
  // The sides the conditions point at: when the recon changes, its elements move to the new recon's sides.
  const shownSides = useRef<{ reconId?: number; sides: Sides } | null>(null);

  useEffect(() => {
    if (isLoading || reconId === undefined || !sides.a || !sides.b) return;
    const before = shownSides.current;
    shownSides.current = { reconId, sides };
    if (before && before.reconId !== reconId) setRows((r) => remapSides(r, before.sides, sides));
    // A new rule starts with one matching condition across the sides.
    if (!before && mode === 'create')
      setRows((r) => (r.length === 0 ? withRow(r, blankCondition('MATCHING', sides)) : r));
  }, [isLoading, reconId, sides, mode]);

  const update = (next: ConditionRow[]) => {
    setRows(next);
    setProblemKey(null);
  };

  const onSave = async () => {
    const head = form.getFieldsValue(true) as RuleHead;
    const headProblem = firstRuleHeadProblem(head);
    if (headProblem) {
      form.setFields([{ name: headProblem.field as keyof RuleHead, errors: [headProblem.message] }]);
      toastProblem(headProblem.message);
      return;
    }
    const request = toSaveRequest(head, rows, mode === 'edit' ? detail?.id : undefined);
    const context = checkContextOf(sides);
    const problem = context ? firstRuleProblem(request, context) : null;
    if (problem) {
      setProblemKey(rows[problemIndex(problem.field) ?? -1]?.key ?? null);
      toastProblem(problem.message);
      return;
    }
    try {
      const saved = await save.mutateAsync(request);
      navigate(withRecon(RULES_PATH, saved.reconId));
    } catch (error) {
      // The common handler toasts the server's message; outline the condition it names.
      const field = serverFieldErrors(error)?.[0]?.name.join('.');
      setProblemKey(rows[problemIndex(field) ?? -1]?.key ?? null);
    }
  };

  const ruleTypeHelp = ruleType ? t(`rules.ruleTypeHelp.${ruleType}`) : undefined;
  const addButtons = (
    <Flex gap={8} wrap>
      <Button
        icon={<PlusOutlined />}
        disabled={!sides.a}
        onClick={() => update(withRow(rows, blankCondition('MATCHING', sides, ruleType)))}
      >
        {t('rules.addMatching')}
      </Button>
      <Button
        icon={<FilterOutlined />}
        disabled={!sides.a}
        onClick={() => update(withRow(rows, blankCondition('FILTER', sides, ruleType)))}
      >
        {t('rules.addFilter')}
      </Button>
      <Tooltip title={t('rules.groupByHelp')}>
        <Button
          icon={<GroupOutlined />}
          disabled={!sides.a}
          onClick={() => update(withRow(rows, blankCondition('GROUP_BY', sides, ruleType, rows)))}
        >
          {t('rules.addGroupBy')}
        </Button>
      </Tooltip>
    </Flex>
  );

  return (
    <Form<RuleHead>
      form={form}
      layout="vertical"
      initialValues={{ enabled: true, ruleType: 'RECONCILED', ...initialHead }}
      onValuesChange={(changed) => {
        for (const key of Object.keys(changed)) form.setFields([{ name: key as keyof RuleHead, errors: [] }]);
      }}
    >
      <Card title={t('rules.rule')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="name" label={t('rules.name')} required>
              <Input maxLength={RULE_NAME_MAX} placeholder={t('rules.nameHint')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={8}>
            <Form.Item name="reconId" label={t('rules.recon')} required>
              <AppSelect<number>
                aria-label={t('rules.recon')}
                loading={recons.isLoading}
                options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={16} md={8} xl={5}>
            <Form.Item name="ruleType" label={t('rules.ruleType')} required>
              <Select<RuleType>
                aria-label={t('rules.ruleType')}
                options={RULE_TYPES.map((r) => ({ value: r, label: RULE_TYPE_LABELS[r] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={8} md={4} xl={3}>
            <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
              <Switch aria-label={t('rules.enabled')} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('rules.descriptionLabel')}>
              <Input.TextArea maxLength={RULE_DESCRIPTION_MAX} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
        {ruleTypeHelp && <Typography.Text type="secondary">{ruleTypeHelp}</Typography.Text>}
      </Card>

      <Card title={<ConditionsTitle sides={sides} />} extra={addButtons} style={{ marginBottom: 16 }}>
        {isMissingSides ? (
          <Alert type="warning" showIcon message={RULE_TEXTS.reconWithoutSides} />
        ) : reconId === undefined ? (
          <Typography.Text type="secondary">{t('rules.chooseReconFirst')}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('rules.conditionsHelp')}</Typography.Paragraph>
            <ConditionsTable
              rows={rows}
              sides={sides}
              ruleType={ruleType}
              problemKey={problemKey}
              onChange={(key, next) => update(changeRow(rows, key, next))}
              onRemove={(key) => update(withoutRow(rows, key))}
            />
          </>
        )}
      </Card>

      <TryRulePanel form={form} rows={rows} sides={sides} />

      <Flex justify="flex-end" gap={8}>
        <Button onClick={() => navigate(withRecon(RULES_PATH, reconId))}>{t('common.cancel')}</Button>
        <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
          {mode === 'edit' ? t('common.save') : t('rules.createButton')}
        </Button>
      </Flex>
    </Form>
  );
}
