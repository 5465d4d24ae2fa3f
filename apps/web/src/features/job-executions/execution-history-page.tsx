import { SyncOutlined } from '@ant-design/icons';
import type { JobExecutionRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Card, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EXECUTION_SORT_COLUMNS, useJobExecutions } from '@/features/job-executions/api/get-job-executions';
import { executionColumns, executionTableWidth } from '@/features/job-executions/components/execution-columns';
import { ExecutionDrawer } from '@/features/job-executions/components/execution-drawer';
import { ExecutionFilters } from '@/features/job-executions/components/execution-filters';
import {
  type ExecutionUrlState,
  readExecutionUrlState,
  toExecutionsParams,
  writeExecutionUrlState,
} from '@/features/job-executions/execution-params';
import { EXECUTION_REFRESH_MS, isMoving } from '@/features/job-executions/execution-status';
import { useBrand } from '@/lib/brand-context';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › History › Execution History: the module's job runs, paged on the server, each opening in a drawer. */
export default function ExecutionHistoryPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readExecutionUrlState(searchParams, {
    pageSize: brand.defaultPageSize,
    dateRangeDays: brand.defaultDateRangeDays,
  });
  const runs = useJobExecutions(current.id, toExecutionsParams(state));
  const isRefreshing = runs.data?.data.some((row) => isMoving(row.status)) ?? false;
  const update = (next: Partial<ExecutionUrlState>, replace = false) =>
    setSearchParams(writeExecutionUrlState({ ...state, ...next }), { replace });

  const onTableChange = (
    page: number,
    size: number,
    sorter: SorterResult<JobExecutionRow> | SorterResult<JobExecutionRow>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = EXECUTION_SORT_COLUMNS.find((c) => c === one?.columnKey);
    const sort =
      column && one?.order ? { column, dir: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
    const isSortChange = sort?.column !== state.sort?.column || sort?.dir !== state.sort?.dir;
    update({ page: size !== state.size || isSortChange ? 1 : page, size, sort });
  };

  const columns = executionColumns({ t, sort: state.sort, onOpen: (id) => update({ executionId: id }) });

  return (
    <>
      <PageHeader
        title={t('jobExecutions.title')}
        description={t('jobExecutions.description')}
        extra={
          isRefreshing && (
            <Typography.Text type="secondary">
              <SyncOutlined spin /> {t('jobExecutions.autoRefresh', { seconds: EXECUTION_REFRESH_MS / 1000 })}
            </Typography.Text>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <ExecutionFilters
          moduleId={current.id}
          state={state}
          onApply={(filters) => update({ ...filters, page: 1, executionId: undefined })}
          onReset={() => {
            const defaults = { pageSize: state.size, dateRangeDays: brand.defaultDateRangeDays };
            setSearchParams(writeExecutionUrlState(readExecutionUrlState(new URLSearchParams(), defaults)));
          }}
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {runs.isError && !runs.data ? (
          <QueryError onRetry={() => void runs.refetch()} />
        ) : (
          <Table<JobExecutionRow>
            rowKey="id"
            loading={runs.isPending || (runs.isFetching && runs.isPlaceholderData)}
            dataSource={runs.data?.data ?? []}
            locale={{ emptyText: runs.isPending ? ' ' : <EmptyState /> }}
            size="middle"
            scroll={{ x: executionTableWidth(columns) }}
            onRow={(row) => ({
              style: row.id === state.executionId ? { background: 'var(--ant-color-primary-bg)' } : undefined,
            })}
            onChange={(pagination, _filters, sorter) =>
              onTableChange(pagination.current ?? 1, pagination.pageSize ?? state.size, sorter)
            }
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: runs.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
            }}
            columns={columns}
          />
        )}
      </Card>
      <ExecutionDrawer
        moduleId={current.id}
        executionId={state.executionId}
        onClose={() => update({ executionId: undefined })}
      />
    </>
  );
}
