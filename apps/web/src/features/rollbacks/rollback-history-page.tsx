import { SyncOutlined } from '@ant-design/icons';
import { ROLLBACK_SORT_COLUMNS, type RollbackRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Button, Card, Flex, Table, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isRollbackMoving, ROLLBACK_REFRESH_MS, useRollbacks } from '@/features/rollbacks/api/get-rollbacks';
import { rollbackColumns } from '@/features/rollbacks/components/rollback-columns';
import { RollbackDrawer } from '@/features/rollbacks/components/rollback-drawer';
import { RollbackFilters } from '@/features/rollbacks/components/rollback-filters';
import {
  type RollbackUrlState,
  readRollbackUrlState,
  toRollbacksParams,
  writeRollbackUrlState,
} from '@/features/rollbacks/rollback-params';
import { useBrand } from '@/lib/brand-context';
import { useModuleSelection } from '@/lib/module-context';
import { columnsWidth } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › History › Rollback History: the module's rollbacks, paged on the server, each opening in a drawer. */
export default function RollbackHistoryPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = { pageSize: brand.defaultPageSize, dateRangeDays: brand.defaultDateRangeDays };
  const state = readRollbackUrlState(searchParams, defaults);
  const rollbacks = useRollbacks(current.id, toRollbacksParams(state));
  const isRefreshing = rollbacks.data?.data.some((r) => isRollbackMoving(r.status)) ?? false;
  const update = (next: Partial<RollbackUrlState>) => setSearchParams(writeRollbackUrlState({ ...state, ...next }));

  const onTableChange = (
    page: number,
    size: number,
    sorter: SorterResult<RollbackRow> | SorterResult<RollbackRow>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = ROLLBACK_SORT_COLUMNS.find((c) => c === one?.columnKey);
    const sort =
      column && one?.order ? { column, dir: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
    const isSortChange = sort?.column !== state.sort?.column || sort?.dir !== state.sort?.dir;
    update({ page: size !== state.size || isSortChange ? 1 : page, size, sort });
  };
  const columns = rollbackColumns({ t, sort: state.sort, onOpen: (id) => update({ rollbackId: id }) });

  return (
    <>
      <PageHeader
        title={t('rollbacks.title')}
        description={t('rollbacks.description')}
        extra={
          isRefreshing && (
            <Typography.Text type="secondary">
              <SyncOutlined spin /> {t('rollbacks.autoRefresh', { seconds: ROLLBACK_REFRESH_MS / 1000 })}
            </Typography.Text>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <RollbackFilters
          state={state}
          onApply={(filters) => update({ ...filters, page: 1, rollbackId: undefined })}
          onReset={() =>
            setSearchParams(
              writeRollbackUrlState(readRollbackUrlState(new URLSearchParams(), { ...defaults, pageSize: state.size })),
            )
          }
        />
      </Card>
      {state.jobExecutionId && (
        <Flex gap={8} align="center" style={{ marginBottom: 12 }}>
          <Tag color="processing">{t('rollbacks.filteredByRun', { id: state.jobExecutionId })}</Tag>
          <Button type="link" size="small" onClick={() => update({ jobExecutionId: undefined, page: 1 })}>
            {t('rollbacks.showAll')}
          </Button>
        </Flex>
      )}
      <Card styles={{ body: { padding: 0 } }}>
        {rollbacks.isError && !rollbacks.data ? (
          <QueryError onRetry={() => void rollbacks.refetch()} />
        ) : (
          <Table<RollbackRow>
            rowKey="rollbackId"
            loading={rollbacks.isPending || (rollbacks.isFetching && rollbacks.isPlaceholderData)}
            dataSource={rollbacks.data?.data ?? []}
            locale={{ emptyText: rollbacks.isPending ? ' ' : <EmptyState /> }}
            size="middle"
            scroll={{ x: columnsWidth(columns) }}
            onRow={(row) => ({
              style: row.rollbackId === state.rollbackId ? { background: 'var(--ant-color-primary-bg)' } : undefined,
            })}
            onChange={(pagination, _filters, sorter) =>
              onTableChange(pagination.current ?? 1, pagination.pageSize ?? state.size, sorter)
            }
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: rollbacks.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
            }}
            columns={columns}
          />
        )}
      </Card>
      <RollbackDrawer
        moduleId={current.id}
        rollbackId={state.rollbackId}
        onClose={() => update({ rollbackId: undefined })}
      />
    </>
  );
}
