import {
  columnHeading,
  type TicketLinkSummary,
  TRANSACTION_STATUS_LABELS,
  type TransactionRow,
  type TransactionStatus,
} from '@recon/contract';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketTransactions } from '@/features/tickets/api/tickets-api';
import { formatCurrency, formatDate, formatDateTime } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { StatusTag } from '@/ui/status-tag';

// An open row is work waiting (orange), not a success: its label as the Transactions tabs say it.
const rowStatus = (s: string) => (
  <StatusTag
    status={s === 'UNRECONCILED' ? 'PENDING' : s}
    label={TRANSACTION_STATUS_LABELS[s as TransactionStatus] ?? s}
  />
);

const PAGE = 10;

/** The ticket's rows of one data source as they are now (status, values), paged on the server. */
export function TicketRows({
  moduleId,
  ticketId,
  link,
}: {
  moduleId: number;
  ticketId: number;
  link: TicketLinkSummary;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [page, setPage] = useState(1);
  const rows = useTicketTransactions(moduleId, {
    ticketId,
    dataSourceId: link.dataSourceId,
    start: (page - 1) * PAGE,
    length: PAGE,
  });
  // The shown columns and the amounts always (a finance user weighs a row by its amount), the amounts after the
  // first two (reference, date) so a long narration does not push them out of sight.
  const shown = (rows.data?.columns ?? []).filter((c) => c.isShown || c.isMoney);
  const others = shown.filter((c) => !c.isMoney);
  const columns = [...others.slice(0, 2), ...shown.filter((c) => c.isMoney), ...others.slice(2)].slice(0, 6);
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>
        {link.reconName} › {link.dataSourceName}
      </Typography.Text>{' '}
      <Typography.Text type="secondary">{t('tickets.rowCount', { count: link.rowCount })}</Typography.Text>
      <Table<TransactionRow>
        style={{ marginTop: 8 }}
        rowKey="id"
        size="small"
        loading={rows.isPending}
        dataSource={rows.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: rows.data?.recordsTotal ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: t('tickets.rowId'), dataIndex: 'id', key: 'id', width: 80 },
          {
            title: t('tickets.status'),
            dataIndex: 'status',
            key: 'status',
            width: 140,
            render: rowStatus,
          },
          ...columns.map((c) => ({
            title: columnHeading(c.name),
            key: c.name,
            align: c.isMoney ? ('right' as const) : undefined,
            render: (_: unknown, r: TransactionRow) => {
              const v = r.values[c.name];
              if (v === null || v === undefined) return '—';
              if (c.isMoney) return formatCurrency(v, locale);
              return c.type === 'DATE' ? formatDate(v) : c.type === 'DATETIME' ? formatDateTime(v) : v;
            },
          })),
        ]}
      />
    </div>
  );
}
