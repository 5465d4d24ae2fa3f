import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { BRS_GROUP_NATURE, type BrsConfig, type BrsGroup, type BrsStatement } from '@recon/contract';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type StatementArgs,
  useBrsConfigs,
  useBrsDownload,
  useBrsStatement,
  useDeleteBrsConfig,
} from '@/features/brs/api/brs-api';
import { BrsConfigEditor } from '@/features/brs/components/brs-config-editor';
import { BrsGroupItems } from '@/features/brs/components/brs-group-items';
import { formatCurrency, formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { showSuccessToast } from '@/lib/toast';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

const DAY = 'YYYY-MM-DD';
const AMOUNT = /^-?\d{1,15}(\.\d{1,2})?$/;

type Line = {
  key: string;
  particulars: string;
  items?: number;
  add?: string;
  less?: string;
  amount?: string;
  group?: BrsGroup;
  strong?: boolean;
  difference?: boolean;
};

/** The statement as accountants lay it out: books, each group added or subtracted, totals, bank, difference. */
function linesOf(s: BrsStatement, t: TFunction): Line[] {
  const lines: Line[] = [
    {
      key: 'books',
      particulars: t('brs.perBooks', { name: s.booksSourceName }),
      amount: s.balancePerBooks,
      strong: true,
    },
  ];
  for (const g of s.groups) {
    const label = t(`brs.groups.${g.group}`);
    const isLess = g.amount.startsWith('-') || (g.amount === '0.00' && BRS_GROUP_NATURE[g.group] === 'LESS');
    lines.push({
      key: g.group,
      group: g.group,
      particulars: isLess ? t('brs.lessPrefix', { label }) : t('brs.addPrefix', { label }),
      items: g.count,
      ...(isLess ? { less: g.less } : { add: g.add }),
    });
  }
  lines.push({ key: 'total', particulars: t('brs.total'), add: s.totalAdd, less: s.totalLess, strong: true });
  lines.push({
    key: 'computed',
    particulars: t('brs.perBankComputed'),
    amount: s.balancePerBankComputed,
    strong: true,
  });
  lines.push({ key: 'bank', particulars: t('brs.perBank', { name: s.bankSourceName }), amount: s.balancePerBank });
  lines.push({
    key: 'difference',
    particulars: t('brs.difference'),
    amount: s.difference,
    difference: true,
    strong: true,
  });
  return lines;
}

/**
 * Reports › BRS Report: pick a configuration and a day; the bank reconciliation statement as on it, each group
 * opening on its items (paged), the difference the open items leave unexplained highlighted; export through the
 * Downloads area; the configurations' editor.
 */
export default function BrsReportPage() {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const configs = useBrsConfigs(current.id);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [asOn, setAsOn] = useState<Dayjs>(dayjs());
  const [entered, setEntered] = useState<{ bank: string; books: string }>({ bank: '', books: '' });
  const [editing, setEditing] = useState<{ config: BrsConfig | null } | null>(null);
  const remove = useDeleteBrsConfig(current.id);
  const download = useBrsDownload();
  const list = configs.data?.data ?? [];
  const config = list.find((c) => c.id === pickedId) ?? list[0] ?? null;
  const asOnDate = asOn.format(DAY);
  const needs = { bank: config?.bank.balanceMode === 'ENTERED', books: config?.books.balanceMode === 'ENTERED' };
  const valid = (v: string) => AMOUNT.test(v.trim());
  const ready = config && (!needs.bank || valid(entered.bank)) && (!needs.books || valid(entered.books));
  const args: StatementArgs | null = ready
    ? {
        id: config.id,
        asOnDate,
        bankBalance: needs.bank ? entered.bank.trim() : null,
        booksBalance: needs.books ? entered.books.trim() : null,
      }
    : null;
  const statement = useBrsStatement(current.id, args);
  const money = (v: string | undefined) => (v === undefined ? '' : formatCurrency(v, locale));
  const s = statement.data;
  const unexplained = s && s.difference !== '0.00';

  const amountCell = (key: 'add' | 'less' | 'amount', title: string) => ({
    title,
    key,
    align: 'right' as const,
    width: 160,
    render: (_: unknown, l: Line) => {
      // A group without items is nil: a dash, as on a printed statement, so the figures that matter stand out.
      if (l.group && !l.items && l[key] !== undefined) return <Typography.Text type="secondary">—</Typography.Text>;
      const text = money(l[key]);
      if (l.difference && unexplained)
        return (
          <Typography.Text type="danger" strong>
            {text}
          </Typography.Text>
        );
      return l.strong ? <Typography.Text strong>{text}</Typography.Text> : text;
    },
  });

  return (
    <>
      <PageHeader
        title={t('brs.title')}
        description={t('brs.description')}
        extra={
          <Space>
            <Button icon={<PlusOutlined />} onClick={() => setEditing({ config: null })}>
              {t('brs.newConfig')}
            </Button>
            <Dropdown
              disabled={!args}
              menu={{
                items: (['XLSX', 'CSV'] as const).map((f) => ({ key: f, label: t('brs.downloadAs', { format: f }) })),
                onClick: ({ key }) => args && download.mutate({ ...args, format: key as 'CSV' | 'XLSX' }),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={download.isPending} disabled={!args}>
                {t('brs.download')}
              </Button>
            </Dropdown>
          </Space>
        }
      />
      {configs.isError && !configs.data ? (
        <QueryError onRetry={() => void configs.refetch()} />
      ) : !configs.isPending && list.length === 0 ? (
        <Card>
          <Empty description={t('brs.none')}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ config: null })}>
              {t('brs.newConfig')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Flex gap={16} wrap align="center">
              <Space>
                <Typography.Text>{t('brs.configuration')}</Typography.Text>
                <Select
                  aria-label={t('brs.configuration')}
                  placeholder={t('brs.pickConfiguration')}
                  style={{ minWidth: 260 }}
                  loading={configs.isPending}
                  value={config?.id}
                  onChange={setPickedId}
                  options={list.map((c) => ({ value: c.id, label: c.name }))}
                />
                {config && (
                  <>
                    <Button icon={<EditOutlined />} aria-label={t('brs.edit')} onClick={() => setEditing({ config })} />
                    <Popconfirm
                      title={t('brs.deleteTitle', { name: config.name })}
                      okText={t('brs.delete')}
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        showSuccessToast((await remove.mutateAsync(config.id)).message);
                        setPickedId(null);
                      }}
                    >
                      <Button icon={<DeleteOutlined />} danger aria-label={t('brs.delete')} />
                    </Popconfirm>
                  </>
                )}
              </Space>
              <Space>
                <Typography.Text>{t('brs.asOnDate')}</Typography.Text>
                <DatePicker
                  aria-label={t('brs.asOnDate')}
                  format="DD-MM-YYYY"
                  allowClear={false}
                  value={asOn}
                  onChange={(d) => d && setAsOn(d)}
                />
              </Space>
              {(['books', 'bank'] as const)
                .filter((k) => needs[k])
                .map((k) => (
                  <Space key={k}>
                    <Typography.Text>{t(k === 'bank' ? 'brs.bankBalance' : 'brs.booksBalance')}</Typography.Text>
                    <Input
                      aria-label={t(k === 'bank' ? 'brs.bankBalance' : 'brs.booksBalance')}
                      placeholder={t('brs.enterBalance')}
                      inputMode="decimal"
                      style={{ width: 200, textAlign: 'right' }}
                      defaultValue={entered[k]}
                      status={entered[k] && !valid(entered[k]) ? 'error' : undefined}
                      onBlur={(e) => setEntered((was) => ({ ...was, [k]: e.target.value }))}
                      onPressEnter={(e) => setEntered((was) => ({ ...was, [k]: e.currentTarget.value }))}
                    />
                  </Space>
                ))}
            </Flex>
          </Card>
          <Card
            title={
              s ? (
                <Space orientation="vertical" size={0} style={{ padding: '8px 0' }}>
                  <span>{t('brs.statementTitle', { date: formatDate(s.asOnDate) })}</span>
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                    {t('brs.statementOf', { books: s.booksSourceName, bank: s.bankSourceName })}
                  </Typography.Text>
                </Space>
              ) : (
                t('brs.title')
              )
            }
          >
            {s && (
              <Alert
                style={{ marginBottom: 16 }}
                showIcon
                type={unexplained ? 'error' : 'success'}
                message={unexplained ? t('brs.notReconciled', { amount: money(s.difference) }) : t('brs.reconciled')}
              />
            )}
            {statement.isError && !s ? (
              <QueryError onRetry={() => void statement.refetch()} />
            ) : (
              <Table<Line>
                rowKey="key"
                size="middle"
                loading={statement.isFetching}
                dataSource={s ? linesOf(s, t) : []}
                pagination={false}
                scroll={{ x: 900 }}
                onRow={(l) => (l.difference && unexplained ? { style: { background: '#fff1f0' } } : {})}
                expandable={{
                  expandedRowRender: (l) =>
                    l.group && config ? (
                      <BrsGroupItems
                        moduleId={current.id}
                        brsConfigId={config.id}
                        group={l.group}
                        count={l.items ?? 0}
                        asOnDate={asOnDate}
                      />
                    ) : null,
                  rowExpandable: (l) => Boolean(l.group && l.items),
                }}
                columns={[
                  {
                    title: t('brs.particulars'),
                    dataIndex: 'particulars',
                    key: 'particulars',
                    render: (text: string, l: Line) =>
                      l.strong ? <Typography.Text strong>{text}</Typography.Text> : text,
                  },
                  {
                    title: t('brs.items'),
                    dataIndex: 'items',
                    key: 'items',
                    align: 'right',
                    width: 80,
                  },
                  amountCell('add', t('brs.add')),
                  amountCell('less', t('brs.less')),
                  amountCell('amount', t('brs.amount')),
                ]}
              />
            )}
          </Card>
        </>
      )}
      <BrsConfigEditor
        moduleId={current.id}
        config={editing?.config ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(saved) => setPickedId(saved.id)}
      />
    </>
  );
}
