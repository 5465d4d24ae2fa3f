import type { AuditLogRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuditLogs } from '@/features/audit-logs/api/get-audit-logs';
import {
  eventLabel,
  readAuditLogUrlState,
  toAuditLogsParams,
  writeAuditLogUrlState,
} from '@/features/audit-logs/audit-log-params';
import { AuditLogDetails } from '@/features/audit-logs/components/audit-log-details';
import { AuditLogFilters } from '@/features/audit-logs/components/audit-log-filters';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/** Settings → Audit Logs: the server's audit trail, paged on the server, newest first. */
export default function AuditLogsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readAuditLogUrlState(searchParams, {
    pageSize: brand.defaultPageSize,
    dateRangeDays: brand.defaultDateRangeDays,
  });
  const logs = useAuditLogs(current.id, toAuditLogsParams(state));

  return (
    <>
      <PageHeader title={t('audit.title')} description={t('audit.description')} />
      <Card style={{ marginBottom: 16 }}>
        <AuditLogFilters
          state={state}
          onApply={(filters) => setSearchParams(writeAuditLogUrlState({ ...filters, page: 1, size: state.size }))}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {logs.isError && !logs.data ? (
          <QueryError onRetry={() => void logs.refetch()} />
        ) : (
          <Table<AuditLogRow>
            rowKey="id"
            loading={logs.isFetching}
            dataSource={logs.data?.data ?? []}
            locale={{ emptyText: logs.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 960 }}
            expandable={{ expandedRowRender: (row) => <AuditLogDetails row={row} /> }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: logs.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writeAuditLogUrlState({ ...state, page: size === state.size ? page : 1, size })),
            }}
            columns={[
              {
                title: t('audit.occurredAt'),
                dataIndex: 'occurredAt',
                key: 'occurredAt',
                width: 190,
                render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
              },
              {
                title: t('audit.event'),
                dataIndex: 'event',
                key: 'event',
                render: (value: string) => eventLabel(value),
              },
              {
                title: t('audit.outcome'),
                dataIndex: 'outcome',
                key: 'outcome',
                width: 120,
                render: (value: AuditLogRow['outcome']) => (
                  <StatusTag status={value} label={t(`audit.outcomes.${value}`)} />
                ),
              },
              {
                title: t('audit.user'),
                dataIndex: 'userName',
                key: 'userName',
                // A row without a user was written by the system itself.
                render: (v: string | null) =>
                  v ?? <Typography.Text type="secondary">{t('audit.system')}</Typography.Text>,
              },
              {
                title: t('audit.entity'),
                key: 'entity',
                render: (_, row) => [row.entityType, row.entityId].filter(Boolean).join(' #'),
              },
              { title: t('audit.ip'), dataIndex: 'ip', key: 'ip', width: 140, render: (v: string | null) => v ?? '' },
            ]}
          />
        )}
      </Card>
    </>
  );
}
