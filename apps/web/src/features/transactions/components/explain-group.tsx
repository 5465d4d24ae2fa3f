import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { columnHeading, type ExplainGroup, type TransactionRecon } from '@recon/contract';
import { Collapse, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/features/transactions/components/status-badge';
import { describeCondition } from '@/features/transactions/explain-words';
import { formatCurrency, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

type Total = ExplainGroup['totals'][number];
type Member = ExplainGroup['members'][number];

/** The explained row, to say "This row" when the group is held against it. */
export type ExplainedRowRef = { dataSourceId: number; rowId: number };

function sourceName(recon: TransactionRecon | undefined, dataSourceId: number) {
  const ds = recon?.dataSources.find((d) => d.id === dataSourceId);
  return ds ? `${ds.side ?? ''} · ${ds.name}` : String(dataSourceId);
}

/** Totals are amounts as exact decimal text: money in the module's format when the column is money. */
function useValueFormat(recon: TransactionRecon | undefined, group: ExplainGroup) {
  const locale = useNumberLocale();
  const columns = recon?.dataSources.find((d) => d.id === group.dataSourceId)?.columns ?? [];
  return (value: string | null, columnName: string | null) => {
    if (value === null) return '∅';
    const isMoney = columns.find((c) => c.name === columnName)?.isMoney ?? true;
    return isMoney ? formatCurrency(value, locale) : formatNumber(value, locale, 4);
  };
}

function Verdict({ holds }: { holds: boolean }) {
  const { t } = useTranslation();
  return holds ? (
    <CheckCircleFilled aria-label={t('transactions.explain.holds')} style={{ color: 'var(--ant-color-success)' }} />
  ) : (
    <CloseCircleFilled aria-label={t('transactions.explain.fails')} style={{ color: 'var(--ant-color-error)' }} />
  );
}

/** Keys and totals of a group against its counterpart, and the rows the group adds up. */
export function GroupDetails({
  recon,
  group,
  explained,
}: {
  recon: TransactionRecon | undefined;
  group: ExplainGroup;
  explained: ExplainedRowRef;
}) {
  const { t } = useTranslation();
  const format = useValueFormat(recon, group);
  const locale = useNumberLocale();
  const words = (text: string) => describeCondition(text, recon, t, locale);
  const { counterpart } = group;
  const isThisRow = counterpart.dataSourceId === explained.dataSourceId && counterpart.rowId === explained.rowId;
  const counterpartTitle = isThisRow
    ? t('transactions.explain.thisRow')
    : counterpart.rowCount > 1
      ? t('transactions.explain.otherGroup', { count: counterpart.rowCount })
      : t('transactions.group.rowId', { id: counterpart.rowId });
  return (
    <Flex vertical gap={8}>
      <Table<Total>
        size="small"
        rowKey="sequence"
        pagination={false}
        dataSource={group.totals}
        columns={[
          { title: '', key: 'holds', width: 36, render: (_, c) => <Verdict holds={c.holds} /> },
          { title: t('transactions.explain.condition'), key: 'text', render: (_, c) => words(c.text).text },
          {
            title: t('transactions.explain.groupTotal'),
            key: 'group',
            align: 'right',
            render: (_, c) => format(c.groupValue, c.columnName),
          },
          {
            title: counterpartTitle,
            key: 'row',
            align: 'right',
            render: (_, c) => format(c.rowValue, c.columnName),
          },
          {
            title: t('transactions.explain.difference'),
            key: 'difference',
            align: 'right',
            render: (_, c) => (c.difference === null ? '—' : format(c.difference, c.columnName)),
          },
        ]}
      />
      {group.keys.map((k) => {
        const key = words(k.text);
        return (
          <Flex key={k.sequence} gap={8} align="center" wrap>
            <Verdict holds={k.holds} />
            <Typography.Text>{key.text}</Typography.Text>
            <Typography.Text strong>{key.formatOne(k.valueOne)}</Typography.Text>
            <Typography.Text strong>{key.formatTwo(k.valueTwo)}</Typography.Text>
          </Flex>
        );
      })}
      <Typography.Text type="secondary">
        {t('transactions.explain.groupRows', {
          count: group.rowCount,
          source: sourceName(recon, group.dataSourceId),
        })}
        {group.members.length < group.rowCount &&
          ` ${t('transactions.explain.groupRowsShown', { shown: group.members.length })}`}
      </Typography.Text>
      <Table<Member>
        size="small"
        rowKey="rowId"
        pagination={false}
        dataSource={group.members}
        columns={[
          {
            title: t('transactions.group.row'),
            key: 'row',
            render: (_, m) => (
              <Typography.Text strong={m.rowId === explained.rowId && group.dataSourceId === explained.dataSourceId}>
                {m.rowId}
              </Typography.Text>
            ),
          },
          { title: t('common.status'), key: 'status', render: (_, m) => <StatusBadge status={m.status} /> },
          ...group.totals.map((total, i) => ({
            title: total.columnName ? columnHeading(total.columnName) : words(total.text).text,
            key: `v${total.sequence}`,
            align: 'right' as const,
            render: (_: unknown, m: Member) => format(m.values[i] ?? null, total.columnName),
          })),
        ]}
      />
    </Flex>
  );
}

/** An open row's nearest candidate groups under a rule with Sum or Average; the nearest is open at once. */
export function GroupCandidates({
  recon,
  groups,
  explained,
}: {
  recon: TransactionRecon | undefined;
  groups: readonly ExplainGroup[];
  explained: ExplainedRowRef;
}) {
  const { t } = useTranslation();
  // Keys are given as element one's (side A's) and element two's (side B's) values.
  const groupKey = (g: ExplainGroup, k: ExplainGroup['keys'][number]) =>
    recon?.dataSources.find((d) => d.id === g.dataSourceId)?.side === 'B' ? k.valueTwo : k.valueOne;
  const keyOf = (g: ExplainGroup) => `${g.dataSourceId}:${g.members[0]?.rowId ?? 0}:${g.counterpart.rowId}`;
  const first = groups[0];
  return (
    <Collapse
      size="small"
      defaultActiveKey={first ? [keyOf(first)] : []}
      items={groups.map((g) => ({
        key: keyOf(g),
        label: (
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{t('transactions.explain.groupOf', { count: g.rowCount })}</Typography.Text>
            <Typography.Text type="secondary">{sourceName(recon, g.dataSourceId)}</Typography.Text>
            {g.keys.map((k) => (
              <Tag key={k.sequence}>{groupKey(g, k) ?? '∅'}</Tag>
            ))}
            <Tag color={g.held === g.total ? 'success' : 'default'}>
              {t('transactions.explain.held', { held: g.held, total: g.total })}
            </Tag>
          </Flex>
        ),
        children: <GroupDetails recon={recon} group={g} explained={explained} />,
      }))}
    />
  );
}
