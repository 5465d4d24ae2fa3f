import {
  describeTransform,
  FILTER_OPERATOR_LABELS,
  type ReconMappingRow,
  RULE_TRANSFORMS,
  type RuleTransform,
} from '@recon/contract';
import type { FilterOperator } from '@recon/contract/constants';
import { Card, Flex, Form, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReconMapping } from '@/features/transactions/api/get-recon-mapping';
import { useTransactionRecons } from '@/features/transactions/api/get-transaction-recons';
import { humanize } from '@/features/transactions/view-columns';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Usage = ReconMappingRow['rules'][number];

const isRuleTransform = (type: string): type is RuleTransform => (RULE_TRANSFORMS as readonly string[]).includes(type);

/** "Trim → Extract (pattern: UPI/[A-Z]+/([0-9]{12})/, group: 1)": each transform with its arguments, in order. */
function transformsText(transforms: Usage['a']['transforms']): string {
  return transforms
    .map((x) =>
      isRuleTransform(x.type) ? describeTransform({ type: x.type, argument: x.argument, args: x.args }) : x.type,
    )
    .join(' → ');
}

/** How a rule compares the two columns: "Trim → Uppercase · Equal · Trim → Uppercase", "Equal ± 1 day". */
function comparison(u: Usage, t: (k: string, o?: object) => string, isDate: boolean): string {
  const a = transformsText(u.a.transforms);
  const b = [
    u.b.aggregation ? t(`transactions.mapping.aggregation.${u.b.aggregation}`) : '',
    transformsText(u.b.transforms),
  ]
    .filter(Boolean)
    .join(' of ');
  const operator = FILTER_OPERATOR_LABELS[u.operator as FilterOperator] ?? u.operator;
  const tolerance = u.tolerance
    ? ` ± ${isDate ? t('transactions.mapping.days', { count: u.tolerance }) : `${u.tolerance}${u.toleranceType === 'PERCENT' ? ' %' : ''}`}`
    : '';
  return [a, `${operator}${tolerance}`, b].filter(Boolean).join('  ·  ');
}

/**
 * Transactions › Recon Mapping: for a recon, which column of side A its rules compare with which column of side B,
 * read from the rules' matching conditions. Read-only: rules are edited in Operations › Recon Rules.
 */
export default function ReconMappingPage() {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const recons = useTransactionRecons(moduleId);
  const [reconId, setReconId] = useState<number>();
  const recon = recons.data?.find((r) => r.id === reconId) ?? recons.data?.[0];
  const mapping = useReconMapping(moduleId, recon?.id);
  const isDateColumn = (e: Usage['b']) => {
    const type = recon?.dataSources
      .find((d) => d.id === e.dataSourceId)
      ?.columns.find((c) => c.name === e.column)?.type;
    return type === 'DATE' || type === 'DATETIME';
  };
  return (
    <>
      <PageHeader title={t('transactions.mapping.title')} description={t('transactions.mapping.description')} />
      <Card style={{ marginBottom: 12 }}>
        <Form layout="inline">
          <Form.Item label={t('transactions.toolbar.recon')}>
            <AppSelect<number>
              aria-label={t('transactions.toolbar.recon')}
              allowClear={false}
              style={{ minWidth: 260 }}
              loading={recons.isPending}
              value={recon?.id}
              onChange={setReconId}
              options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {mapping.isError ? (
          <QueryError onRetry={() => void mapping.refetch()} />
        ) : (
          <Table<ReconMappingRow>
            rowKey={(r) => `${r.columnA}:${r.columnB}`}
            loading={recons.isPending || mapping.isFetching}
            dataSource={mapping.data?.data ?? []}
            pagination={false}
            locale={{ emptyText: <EmptyState /> }}
            columns={[
              {
                title: mapping.data?.sideA
                  ? t('transactions.mapping.sideColumn', { side: 'A', name: mapping.data.sideA.name })
                  : 'A',
                key: 'a',
                width: 240,
                render: (_, r) => <Typography.Text strong>{humanize(r.columnA)}</Typography.Text>,
              },
              {
                title: mapping.data?.sideB
                  ? t('transactions.mapping.sideColumn', { side: 'B', name: mapping.data.sideB.name })
                  : 'B',
                key: 'b',
                width: 240,
                render: (_, r) => <Typography.Text strong>{humanize(r.columnB)}</Typography.Text>,
              },
              {
                title: t('transactions.mapping.rules'),
                key: 'rules',
                render: (_, r) => (
                  <Flex vertical gap={4}>
                    {r.rules.map((u) => (
                      <Flex key={`${u.ruleId}:${u.conditionSequence}`} gap={8} align="center" wrap>
                        <Tag color={u.enabled ? 'blue' : 'default'}>
                          {u.ruleSequence}. {u.ruleName}
                          {u.enabled ? '' : ` (${t('transactions.mapping.disabled')})`}
                        </Tag>
                        <Typography.Text type="secondary">
                          {comparison(u, t as never, isDateColumn(u.b))}
                        </Typography.Text>
                      </Flex>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
