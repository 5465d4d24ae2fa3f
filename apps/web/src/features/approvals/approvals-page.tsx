import {
  APPROVAL_KIND_LABELS,
  APPROVAL_KINDS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalKind,
  type ApprovalRow,
  type ApprovalStatus,
} from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Button, Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApprovals } from '@/features/approvals/api/get-approvals';
import { readApprovalUrlState, writeApprovalUrlState } from '@/features/approvals/approval-params';
import { ApprovalDrawer } from '@/features/approvals/components/approval-drawer';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/**
 * My Jobs › Approvals: rollbacks and bulk knock-offs waiting for a second person (maker-checker), newest first,
 * paged on the server; each opens in a drawer where it is approved or rejected.
 */
export default function ApprovalsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readApprovalUrlState(searchParams, brand.defaultPageSize);
  const update = (next: Partial<typeof state>) => setSearchParams(writeApprovalUrlState({ ...state, ...next }));
  const approvals = useApprovals(current.id, {
    start: (state.page - 1) * state.size,
    length: state.size,
    status: state.status,
    kind: state.kind,
  });
  const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');

  return (
    <>
      <PageHeader title={t('approvals.title')} description={t('approvals.description')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap align="center">
          <AppSelect<ApprovalStatus>
            aria-label={t('approvals.status')}
            placeholder={t('approvals.allStatuses')}
            style={{ width: 200 }}
            value={state.status}
            onChange={(status) => update({ status: status ?? undefined, page: 1, approvalId: undefined })}
            options={APPROVAL_STATUSES.map((s) => ({ value: s, label: APPROVAL_STATUS_LABELS[s] }))}
          />
          <AppSelect<ApprovalKind>
            aria-label={t('approvals.kind')}
            placeholder={t('approvals.allKinds')}
            style={{ width: 200 }}
            value={state.kind}
            onChange={(kind) => update({ kind: kind ?? undefined, page: 1, approvalId: undefined })}
            options={APPROVAL_KINDS.map((k) => ({ value: k, label: APPROVAL_KIND_LABELS[k] }))}
          />
          {(state.status || state.kind) && (
            <Button type="link" onClick={() => update({ status: undefined, kind: undefined, page: 1 })}>
              {t('approvals.clearFilters')}
            </Button>
          )}
        </Flex>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {approvals.isError && !approvals.data ? (
          <QueryError onRetry={() => void approvals.refetch()} />
        ) : (
          <Table<ApprovalRow>
            rowKey="approvalId"
            size="middle"
            loading={approvals.isPending || (approvals.isFetching && approvals.isPlaceholderData)}
            dataSource={approvals.data?.data ?? []}
            locale={{ emptyText: approvals.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 1100 }}
            onRow={(row) => ({
              style: {
                cursor: 'pointer',
                ...(row.approvalId === state.approvalId ? { background: 'var(--ant-color-primary-bg)' } : {}),
              },
              onClick: () => update({ approvalId: row.approvalId }),
            })}
            onChange={(pagination) => {
              const size = pagination.pageSize ?? state.size;
              update({ page: size !== state.size ? 1 : (pagination.current ?? 1), size });
            }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: approvals.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
            }}
            columns={[
              {
                title: t('approvals.id'),
                dataIndex: 'approvalId',
                key: 'approvalId',
                width: 90,
                render: (id: number) => (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={(e) => {
                      e.stopPropagation();
                      update({ approvalId: id });
                    }}
                  >
                    #{id}
                  </Button>
                ),
              },
              { title: t('approvals.kind'), dataIndex: 'kindLabel', key: 'kind', width: 150 },
              { title: t('approvals.what'), dataIndex: 'summary', key: 'summary' },
              { title: t('approvals.requestedBy'), dataIndex: 'requestedBy', key: 'requestedBy', width: 150 },
              {
                title: t('approvals.requestedAt'),
                dataIndex: 'requestedAt',
                key: 'requestedAt',
                width: 180,
                render: dateTime,
              },
              {
                title: t('approvals.status'),
                dataIndex: 'status',
                key: 'status',
                width: 150,
                render: (status: ApprovalStatus, row) => <StatusTag status={status} label={row.statusLabel} />,
              },
              {
                title: t('approvals.decidedBy'),
                dataIndex: 'decidedBy',
                key: 'decidedBy',
                width: 150,
                render: (by: string | null) => by ?? '—',
              },
            ]}
          />
        )}
      </Card>
      <ApprovalDrawer
        moduleId={current.id}
        approvalId={state.approvalId}
        onClose={() => update({ approvalId: undefined })}
      />
    </>
  );
}
