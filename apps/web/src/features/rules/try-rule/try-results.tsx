import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import {
  TRANSACTION_STATUS_LABELS,
  type TransactionStatus,
  type TriedCondition,
  type TriedPair,
  type TriedRow,
  type TryRuleResponse,
} from '@recon/contract';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Side = 'A' | 'B';

function Verdict({ holds }: { holds: boolean }) {
  const { t } = useTranslation();
  return holds ? (
    <CheckCircleFilled aria-label={t('rules.try.holds')} style={{ color: 'var(--ant-color-success)' }} />
  ) : (
    <CloseCircleFilled aria-label={t('rules.try.fails')} style={{ color: 'var(--ant-color-error)' }} />
  );
}

const Value = ({ value }: { value: string | null | undefined }) => (
  <Typography.Text code>{value ?? '∅'}</Typography.Text>
);

/** Every element of a side, with the condition it belongs to. */
function elementsOf(conditions: readonly TriedCondition[], side: Side) {
  return conditions.flatMap((c) =>
    [c.elementOne, c.elementSecond]
      .filter((el) => el.side === side)
      .map((el, i) => ({ key: `${c.sequence}-${i}`, sequence: c.sequence, element: el })),
  );
}

/** One side's picked rows: state, each element's transformed value, and the side's filters. */
function SideValues({ result, side }: { result: TryRuleResponse; side: Side }) {
  const { t } = useTranslation();
  const rows = result.rows.filter((r) => r.side === side);
  if (rows.length === 0) return null;
  const elements = elementsOf(result.conditions, side);
  const hasFilters = rows.some((r) => r.filters.length > 0);
  return (
    <Table<TriedRow>
      size="small"
      rowKey="rowId"
      pagination={false}
      scroll={{ x: true }}
      title={() => <Typography.Text strong>{t('rules.try.valuesOf', { side })}</Typography.Text>}
      dataSource={rows}
      columns={[
        { title: t('rules.try.rowId'), dataIndex: 'rowId', key: 'rowId', width: 80 },
        {
          title: t('common.status'),
          key: 'status',
          render: (_, r) => (
            <Flex gap={4} wrap>
              {TRANSACTION_STATUS_LABELS[r.status as TransactionStatus] ?? r.status}
              {!r.isOpen && <Tag color="warning">{t('rules.try.notOpen')}</Tag>}
            </Flex>
          ),
        },
        ...elements.map(({ key, sequence, element }) => ({
          title: `${sequence}. ${element.text}`,
          key,
          render: (_: unknown, r: TriedRow) => <Value value={element.values.find((v) => v.rowId === r.rowId)?.value} />,
        })),
        ...(hasFilters
          ? [
              {
                title: t('rules.try.filters'),
                key: 'filters',
                render: (_: unknown, r: TriedRow) => (
                  <Flex gap={8} wrap>
                    {r.filters.map((f) => (
                      <span key={f.sequence}>
                        <Verdict holds={f.holds} /> {f.sequence}
                      </span>
                    ))}
                  </Flex>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function UnitLabel({ unit }: { unit: TriedPair['first'] }) {
  const { t } = useTranslation();
  return unit.rowIds.length === 1
    ? t('rules.try.row', { side: unit.side, id: unit.rowIds[0] })
    : t('rules.try.group', { side: unit.side, count: unit.rowIds.length, ids: unit.rowIds.join(', ') });
}

/** Each pair of picked rows (or a group against a row) with every condition's verdict and values. */
function Pairs({ result }: { result: TryRuleResponse }) {
  const { t } = useTranslation();
  const sequences = result.pairs[0]?.verdicts.map((v) => v.sequence) ?? [];
  const textOf = (sequence: number) => result.conditions.find((c) => c.sequence === sequence)?.text ?? '';
  return (
    <Table<TriedPair>
      size="small"
      rowKey={(p) => `${p.first.side}${p.first.rowIds.join('.')}-${p.second.side}${p.second.rowIds.join('.')}`}
      pagination={result.pairs.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      scroll={{ x: true }}
      title={() => <Typography.Text strong>{t('rules.try.pairsTitle')}</Typography.Text>}
      dataSource={result.pairs}
      columns={[
        {
          title: result.sameSide ? t('rules.try.firstRow') : t('rules.try.first'),
          key: 'first',
          render: (_, p) => <UnitLabel unit={p.first} />,
        },
        {
          title: result.sameSide ? t('rules.try.secondRow') : t('rules.try.second'),
          key: 'second',
          render: (_, p) => <UnitLabel unit={p.second} />,
        },
        ...sequences.map((sequence) => ({
          title: `${sequence}. ${textOf(sequence)}`,
          key: `c${sequence}`,
          render: (_: unknown, p: TriedPair) => {
            const v = p.verdicts.find((x) => x.sequence === sequence);
            if (!v) return null;
            return (
              <Flex gap={4} align="center" wrap>
                <Verdict holds={v.holds} />
                <Value value={v.valueOne} />
                <Value value={v.valueTwo} />
                {v.difference !== null && (
                  <Typography.Text type="secondary">
                    {t('rules.try.difference', { value: v.difference })}
                  </Typography.Text>
                )}
              </Flex>
            );
          },
        })),
        {
          title: t('rules.try.verdict'),
          key: 'held',
          render: (_, p) => (
            <Tag color={p.held === p.total ? 'success' : 'default'}>
              {p.held === p.total ? t('rules.try.wouldPair') : t('rules.try.held', { held: p.held, total: p.total })}
            </Tag>
          ),
        },
      ]}
    />
  );
}

/** What the rule as edited makes of the picked rows. */
export function TryResults({ result }: { result: TryRuleResponse }) {
  const { t } = useTranslation();
  const missing = [...result.missing.A.map((id) => `A ${id}`), ...result.missing.B.map((id) => `B ${id}`)];
  return (
    <Flex vertical gap={12}>
      {missing.length > 0 && (
        <Alert type="warning" showIcon message={t('rules.try.missing', { ids: missing.join(', ') })} />
      )}
      {result.aggregatedSides.length > 0 && (
        <Alert type="info" showIcon message={t('rules.try.asGroup', { sides: result.aggregatedSides.join(', ') })} />
      )}
      <SideValues result={result} side="A" />
      <SideValues result={result} side="B" />
      {result.pairs.length > 0 ? (
        <Pairs result={result} />
      ) : (
        <Typography.Text type="secondary">{t('rules.try.noPairs')}</Typography.Text>
      )}
    </Flex>
  );
}
