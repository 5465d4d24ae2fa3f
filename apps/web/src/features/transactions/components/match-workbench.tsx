import {
  ACTION_REASON_MAX,
  type ReconMapping,
  type TransactionDataSource,
  type TransactionRecon,
  type TransactionRow,
} from '@recon/contract';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Modal, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReconMapping } from '@/features/transactions/api/get-recon-mapping';
import type { ColumnFilterValue } from '@/features/transactions/api/get-transactions';
import { useManualMatch } from '@/features/transactions/api/manual-match';
import { sideLabel } from '@/features/transactions/components/recon-toolbar';
import { RowsTable } from '@/features/transactions/components/rows-table';
import { isZeroDecimal, subtractDecimals, sumDecimals } from '@/features/transactions/money';
import { humanize, type ViewColumn, viewColumns } from '@/features/transactions/view-columns';
import { useHasPrivilege } from '@/lib/access-context';
import { formatCurrency } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { ReasonField } from '@/ui/reason-field';

type Side = { dataSource: TransactionDataSource; selection: Map<number, TransactionRow>; amount: string | undefined };

type Props = {
  recon: TransactionRecon;
  range: readonly [string, string];
  onRange: (range: [string, string]) => void;
  onOpen: (row: TransactionRow, dataSourceId: number) => void;
};

const moneyColumns = (d: TransactionDataSource) => d.columns.filter((c) => c.isMoney);
const firstMoney = (d: TransactionDataSource) => (moneyColumns(d).find((c) => c.isShown) ?? moneyColumns(d)[0])?.name;

/** The amounts the recon's rules compare (a mapping of two money columns), else each side's first money column. */
function amountColumns(a: TransactionDataSource, b: TransactionDataSource, mapping: ReconMapping | undefined) {
  const isMoney = (d: TransactionDataSource, name: string) => d.columns.some((c) => c.name === name && c.isMoney);
  const pair = mapping?.data.find((m) => isMoney(a, m.columnA) && isMoney(b, m.columnB));
  return { A: pair?.columnA ?? firstMoney(a), B: pair?.columnB ?? firstMoney(b) };
}

/** A pane's columns: the first shown text column, the date, the amount summed, then the other shown columns. */
function paneColumns(d: TransactionDataSource, amount: string | undefined): ViewColumn[] {
  const all = viewColumns(d);
  const data = all.filter((c) => !c.isField && c.isShownAtFirst);
  const first = data.find((c) => c.kind === 'text');
  const date = data.find((c) => c.key === d.dateColumns[0]);
  const money = all.find((c) => !c.isField && c.key === amount);
  const lead = [first, date, money].filter((c): c is ViewColumn => c !== undefined);
  return [...lead, ...data.filter((c) => !lead.includes(c))];
}

/**
 * Manual match: side A's and side B's open rows next to each other, each with its own filters; the rows ticked on
 * both sides, their totals and the difference are in the bar below, and one click (confirmed) matches them.
 */
export function MatchWorkbench({ recon, range, onRange, onOpen }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const moduleId = useModuleSelection().current.id;
  const match = useManualMatch(moduleId);
  const canReadMapping = useHasPrivilege({ code: 'viewMapping' });
  const mapping = useReconMapping(moduleId, canReadMapping ? recon.id : undefined);
  const [a, b] = [recon.dataSources.find((d) => d.side === 'A'), recon.dataSources.find((d) => d.side === 'B')];
  const [sides, setSides] = useState<Record<'A' | 'B', Side> | null>(() =>
    a && b
      ? {
          A: { dataSource: a, selection: new Map(), amount: undefined },
          B: { dataSource: b, selection: new Map(), amount: undefined },
        }
      : null,
  );
  const [filters, setFilters] = useState<Record<'A' | 'B', Record<string, ColumnFilterValue>>>({ A: {}, B: {} });
  const [isConfirming, setIsConfirming] = useState(false);
  const [reason, setReason] = useState('');
  if (!sides || !a || !b) return <Alert type="info" showIcon title={t('transactions.match.needsSides')} />;
  // Until the person picks one, each side sums the amount the rules compare (known once the mapping is read).
  const defaults = amountColumns(a, b, mapping.data);
  const amountOf = (key: 'A' | 'B') => sides[key].amount ?? defaults[key];

  const totalOf = (key: 'A' | 'B') => {
    const amount = amountOf(key);
    return amount ? sumDecimals([...sides[key].selection.values()].map((r) => r.values[amount])) : null;
  };
  const totals = { A: totalOf('A'), B: totalOf('B') };
  const difference = totals.A !== null && totals.B !== null ? subtractDecimals(totals.A, totals.B) : null;
  const isReady = sides.A.selection.size > 0 && sides.B.selection.size > 0;
  const update = (key: 'A' | 'B', change: Partial<Side>) => setSides({ ...sides, [key]: { ...sides[key], ...change } });
  const pane = (key: 'A' | 'B') => {
    const side = sides[key];
    const columns = paneColumns(side.dataSource, amountOf(key));
    return (
      <Card
        size="small"
        title={sideLabel(side.dataSource)}
        extra={
          <Typography.Text type="secondary">
            {t('transactions.match.ticked', { count: side.selection.size })}
          </Typography.Text>
        }
        styles={{ body: { padding: 8 } }}
      >
        <RowsTable
          tab="unreconciled"
          recon={recon}
          dataSource={side.dataSource}
          columns={columns}
          dateColumn={side.dataSource.dateColumns[0] ?? '_loaded_at'}
          range={range}
          statuses={[]}
          filters={filters[key]}
          onFilters={(next) => setFilters({ ...filters, [key]: next })}
          selection={side.selection}
          onSelection={(selection) => update(key, { selection })}
          onOpen={(row) => onOpen(row, side.dataSource.id)}
          onRange={onRange}
          size="small"
        />
      </Card>
    );
  };
  const amountPicker = (key: 'A' | 'B') => {
    const side = sides[key];
    const money = moneyColumns(side.dataSource);
    if (money.length === 0) return null;
    return (
      <Select<string>
        size="small"
        aria-label={t('transactions.match.amountColumn', { side: key })}
        value={amountOf(key)}
        onChange={(amount) => update(key, { amount })}
        options={money.map((c) => ({ value: c.name, label: humanize(c.name) }))}
        style={{ minWidth: 140 }}
      />
    );
  };
  const total = (key: 'A' | 'B') => {
    const value = totals[key];
    return (
      <Flex gap={6} align="center" wrap>
        <Typography.Text strong>
          {t('transactions.match.sideTotal', { side: key, count: sides[key].selection.size })}
        </Typography.Text>
        {value !== null && <Typography.Text>{formatCurrency(value, locale)}</Typography.Text>}
        {amountPicker(key)}
      </Flex>
    );
  };
  const clear = () => setSides({ A: { ...sides.A, selection: new Map() }, B: { ...sides.B, selection: new Map() } });

  return (
    <Flex vertical gap={12}>
      <Row gutter={12}>
        <Col xs={24} xl={12}>
          {pane('A')}
        </Col>
        <Col xs={24} xl={12}>
          {pane('B')}
        </Col>
      </Row>
      <Card
        size="small"
        style={{ position: 'sticky', bottom: 0, zIndex: 3 }}
        role="region"
        aria-label={t('transactions.match.bar')}
      >
        <Flex gap={24} align="center" wrap justify="space-between">
          <Flex gap={24} align="center" wrap>
            {total('A')}
            {total('B')}
            {difference !== null && (
              // Balanced (green) only once both sides have rows ticked: ₹0.00 of nothing says nothing.
              <Typography.Text
                type={isZeroDecimal(difference) ? (isReady ? 'success' : 'secondary') : 'warning'}
                strong={isReady || !isZeroDecimal(difference)}
              >
                {t('transactions.match.difference', { amount: formatCurrency(difference, locale) })}
              </Typography.Text>
            )}
          </Flex>
          <Flex gap={8}>
            <Button onClick={clear} disabled={sides.A.selection.size + sides.B.selection.size === 0}>
              {t('transactions.actions.clear')}
            </Button>
            <Button type="primary" disabled={!isReady} onClick={() => setIsConfirming(true)}>
              {t('transactions.match.matchSelected')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <Modal
        open={isConfirming}
        title={t('transactions.match.confirmTitle')}
        okText={t('transactions.match.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: match.isPending }}
        onCancel={() => setIsConfirming(false)}
        afterClose={() => setReason('')}
        onOk={() =>
          match
            .mutateAsync({
              reconId: recon.id,
              rowsA: [...sides.A.selection.keys()],
              rowsB: [...sides.B.selection.keys()],
              reason: reason.trim() || null,
            })
            .then(() => {
              setIsConfirming(false);
              clear();
            })
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Descriptions
          size="small"
          column={1}
          bordered
          items={(['A', 'B'] as const).map((key) => ({
            key,
            label: sideLabel(sides[key].dataSource),
            children: `${t('transactions.match.rows', { count: sides[key].selection.size })}${
              totals[key] !== null ? ` · ${formatCurrency(totals[key] as string, locale)}` : ''
            }`,
          }))}
        />
        {difference !== null && !isZeroDecimal(difference) && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 12 }}
            title={t('transactions.match.unbalanced', { amount: formatCurrency(difference, locale) })}
          />
        )}
        <Form layout="vertical" style={{ marginTop: 12 }}>
          <ReasonField
            label={t('transactions.match.reason')}
            value={reason}
            onChange={setReason}
            maxLength={ACTION_REASON_MAX}
          />
        </Form>
      </Modal>
    </Flex>
  );
}
