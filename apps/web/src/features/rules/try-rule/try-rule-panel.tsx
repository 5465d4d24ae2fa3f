import { ExperimentOutlined } from '@ant-design/icons';
import { firstRuleProblem, normalizeConditions, type RuleType, type TryRuleRequest } from '@recon/contract';
import { Alert, Button, Col, Collapse, Flex, Form, type FormInstance, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConditionRow, checkContextOf, type RuleHead, type Sides } from '@/features/rules/condition-rows';
import { useTryRule } from '@/features/rules/try-rule/api/try-rule';
import { SideRowPicker } from '@/features/rules/try-rule/side-row-picker';
import { TryResults } from '@/features/rules/try-rule/try-results';
import { errorBodyOf, firstServerMessage } from '@/lib/http-errors';

type Props = { form: FormInstance<RuleHead>; rows: readonly ConditionRow[]; sides: Sides };

/** The request for the rule as it stands in the editor (unsaved), or null until the recon and type are chosen. */
function requestOf(
  reconId: number | undefined,
  ruleType: RuleType | undefined,
  rows: readonly ConditionRow[],
  picked: { A: number[]; B: number[] },
): TryRuleRequest | null {
  if (reconId === undefined || ruleType === undefined) return null;
  const conditions = normalizeConditions(rows.map(({ key: _key, ...c }) => c));
  return { reconId, rule: { ruleType, conditions }, rowIdsA: picked.A, rowIdsB: picked.B };
}

/**
 * "Try this rule": pick a few rows of each side and see what the rule as edited makes of them — every element's
 * transformed value per row and each condition's verdict per pair — before saving. The editor's checks run first,
 * as for a save; the server answers with the engine's own expressions.
 */
export function TryRulePanel({ form, rows, sides }: Props) {
  const { t } = useTranslation();
  const reconId = Form.useWatch('reconId', form) as number | undefined;
  const ruleType = Form.useWatch('ruleType', form) as RuleType | undefined;
  const [picked, setPicked] = useState<{ reconId?: number; A: number[]; B: number[] }>({ A: [], B: [] });
  const [problem, setProblem] = useState<string | null>(null);
  const [triedWith, setTriedWith] = useState<string | null>(null);
  const attempt = useTryRule();
  // Rows picked belong to one recon: another recon starts the picking again.
  const current = picked.reconId === reconId ? picked : { reconId, A: [], B: [] };
  const request = requestOf(reconId, ruleType, rows, current);
  const isStale = attempt.data !== undefined && triedWith !== JSON.stringify(request);

  const onTry = () => {
    if (!request) return;
    const context = checkContextOf(sides);
    const rule = {
      ruleType: request.rule.ruleType,
      conditions: normalizeConditions(rows.map(({ key: _key, ...c }) => c)),
    };
    const found = context ? firstRuleProblem(rule, context) : null;
    setProblem(found?.message ?? null);
    if (found) return;
    setTriedWith(JSON.stringify(request));
    attempt.mutate(request);
  };

  const serverProblem = attempt.isError
    ? (firstServerMessage(errorBodyOf(attempt.error)) ?? t('common.loadFailed'))
    : null;
  const body = (
    <>
      {!sides.a || !sides.b || reconId === undefined ? (
        <Typography.Text type="secondary">{t('rules.chooseReconFirst')}</Typography.Text>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('rules.try.help')}</Typography.Text>
          <Row gutter={16}>
            {[sides.a, sides.b].map((side) => (
              <Col key={side.side} xs={24} xl={12}>
                <SideRowPicker
                  reconId={reconId}
                  side={side}
                  picked={current[side.side]}
                  onPick={(ids) => setPicked({ ...current, reconId, [side.side]: ids })}
                />
              </Col>
            ))}
          </Row>
          <Flex gap={8} align="center">
            <Button
              type="primary"
              ghost
              icon={<ExperimentOutlined />}
              loading={attempt.isPending}
              disabled={current.A.length + current.B.length === 0}
              onClick={onTry}
            >
              {t('rules.try.button')}
            </Button>
            {isStale && <Typography.Text type="warning">{t('rules.try.stale')}</Typography.Text>}
          </Flex>
          {(problem ?? serverProblem) && <Alert type="error" showIcon message={problem ?? serverProblem} />}
          {!problem && attempt.isSuccess && <TryResults result={attempt.data} />}
        </Flex>
      )}
    </>
  );
  // Closed until wanted: the rows of both sides are read only once a person opens it.
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      items={[
        {
          key: 'try',
          label: (
            <Flex gap={8} align="center">
              <ExperimentOutlined />
              {t('rules.try.title')}
            </Flex>
          ),
          children: body,
        },
      ]}
    />
  );
}
