import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import { RULE_TYPE_LABELS, type RuleDetail } from '@recon/contract';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConditionsTable } from '@/features/rules/components/conditions-table';
import { ConditionsTitle } from '@/features/rules/components/conditions-title';
import { WithRule } from '@/features/rules/components/with-rule';
import { rowsOf } from '@/features/rules/condition-rows';
import { RulePageTitle } from '@/features/rules/page-title';
import { copyRulePath, editRulePath } from '@/features/rules/paths';
import { useRuleSides } from '@/features/rules/use-rule-sides';
import { useHasPrivilege } from '@/lib/access-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { PageHeader } from '@/ui/page-header';
import { StatusTag } from '@/ui/status-tag';

function ViewRule({ rule }: { rule: RuleDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const canEdit = useHasPrivilege({ code: 'createEditRule' });
  const { sides } = useRuleSides(current.id, rule.reconId);
  const rows = useMemo(() => rowsOf(rule.conditions), [rule.conditions]);
  const enabled = (
    <StatusTag
      status={rule.enabled ? 'ACTIVE' : 'INACTIVE'}
      label={rule.enabled ? t('rules.enabledYes') : t('rules.enabledNo')}
    />
  );

  return (
    <>
      <PageHeader
        title={
          <RulePageTitle reconId={rule.reconId}>
            {rule.name}
            {enabled}
          </RulePageTitle>
        }
        extra={
          canEdit && (
            <Flex gap={8}>
              <Button icon={<CopyOutlined />} onClick={() => navigate(copyRulePath(rule.id))}>
                {t('rules.copy')}
              </Button>
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(editRulePath(rule.id))}>
                {t('common.edit')}
              </Button>
            </Flex>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('rules.recon')}>{rule.reconName}</Descriptions.Item>
          <Descriptions.Item label={t('rules.ruleType')}>
            <Tag color="geekblue">{RULE_TYPE_LABELS[rule.ruleType]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('rules.order')}>
            {t('rules.orderOf', { sequence: rule.sequence })}
          </Descriptions.Item>
          <Descriptions.Item label={t('rules.descriptionLabel')} span={{ xs: 1, md: 2, xl: 3 }}>
            {rule.description || <Typography.Text type="secondary">—</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.createdOn')}>
            {formatDateTime(rule.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.updatedOn')}>
            {formatDateTime(rule.updatedAt)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={<ConditionsTitle sides={sides} />}>
        <ConditionsTable
          rows={rows}
          sides={sides}
          ruleType={rule.ruleType}
          isReadOnly
          onChange={() => {}}
          onRemove={() => {}}
        />
      </Card>
    </>
  );
}

/** Operations › Configuration › Recon Rules › view-rule/{id}: the rule, read-only. */
export default function ViewRulePage() {
  return <WithRule>{(rule) => <ViewRule rule={rule} />}</WithRule>;
}
