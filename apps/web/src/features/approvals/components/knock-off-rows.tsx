import { type KnockOffApproval, TRANSACTION_STATUS_LABELS, type TransactionRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApprovalRows } from '@/features/approvals/api/get-approval-rows';
import { formatCurrency } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

const PAGE_SIZE = 10;
const humanize = (name: string) => name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

type Props = { moduleId: number; approvalId: number; knockOff: KnockOffApproval };

/** The rows of a knock-off request as they are now (a row closed meanwhile shows its status), paged. */
export function KnockOffRows({ moduleId, approvalId, knockOff }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [page, setPage] = useState({ current: 1, size: PAGE_SIZE });
  const rows = useApprovalRows(moduleId, {
    id: approvalId,
    start: (page.current - 1) * page.size,
    length: page.size,
  });
  if (rows.isError && !rows.data) return <QueryError onRetry={() => void rows.refetch()} />;
  const columns: ColumnsType<TransactionRow> = [
    { title: t('approvals.rowId'), dataIndex: 'id', key: 'id', width: 90 },
    {
      title: t('approvals.rowStatus'),
      dataIndex: 'status',
      key: 'status',
      width: 150,
      render: (status: string) => (
        <StatusTag
          status={status === 'UNRECONCILED' ? 'PENDING' : status}
          label={TRANSACTION_STATUS_LABELS[status as keyof typeof TRANSACTION_STATUS_LABELS] ?? status}
        />
      ),
    },
    ...knockOff.columns
      .filter((c) => c.isShown)
      .map((c) => ({
        title: humanize(c.name),
        key: c.name,
        align: c.isMoney ? ('right' as const) : undefined,
        render: (_: unknown, row: TransactionRow) => {
          const value = row.values[c.name];
          if (value === null || value === undefined) return '—';
          return c.isMoney ? formatCurrency(value, locale) : value;
        },
      })),
  ];
  return (
    <Table<TransactionRow>
      rowKey="id"
      size="small"
      loading={rows.isPending || (rows.isFetching && rows.isPlaceholderData)}
      dataSource={rows.data?.data ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      onChange={(p) => setPage({ current: p.current ?? 1, size: p.pageSize ?? PAGE_SIZE })}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: rows.data?.recordsTotal ?? knockOff.rowCount,
        pageSizeOptions: [...PAGE_SIZE_OPTIONS],
        showSizeChanger: true,
        showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
      }}
    />
  );
}
