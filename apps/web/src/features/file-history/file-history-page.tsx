import { SyncOutlined } from '@ant-design/icons';
import { FILE_HISTORY_COLUMNS, type FileHistoryRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Card, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fileRefreshInterval, useFileHistory } from '@/features/file-history/api/get-file-history';
import { FileDetailDrawer } from '@/features/file-history/components/file-detail-drawer';
import { fileHistoryColumns } from '@/features/file-history/components/file-history-columns';
import { FileHistoryFilters } from '@/features/file-history/components/file-history-filters';
import {
  type FileHistoryUrlState,
  readFileHistoryUrlState,
  toFileHistoryParams,
  writeFileHistoryUrlState,
} from '@/features/file-history/file-history-params';
import { useBrand } from '@/lib/brand-context';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** Operations › History › File Upload: every uploaded file of the module, paged on the server. */
export default function FileHistoryPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = { pageSize: brand.defaultPageSize, dateRangeDays: brand.defaultDateRangeDays };
  const state = readFileHistoryUrlState(searchParams, defaults);
  const files = useFileHistory(current.id, toFileHistoryParams(state));
  const refreshMs = fileRefreshInterval(files.data?.data ?? []);
  const update = (next: Partial<FileHistoryUrlState>) =>
    setSearchParams(writeFileHistoryUrlState({ ...state, ...next }));

  const onTableChange = (
    page: number,
    size: number,
    sorter: SorterResult<FileHistoryRow> | SorterResult<FileHistoryRow>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = FILE_HISTORY_COLUMNS.find((c) => c === one?.columnKey);
    const sort =
      column && one?.order ? { column, dir: one.order === 'ascend' ? ('asc' as const) : ('desc' as const) } : undefined;
    const isSortChange = sort?.column !== state.sort?.column || sort?.dir !== state.sort?.dir;
    update({ page: size !== state.size || isSortChange ? 1 : page, size, sort });
  };
  const columns = fileHistoryColumns({ t, locale, sort: state.sort, onOpen: (id) => update({ fileId: id }) });

  return (
    <>
      <PageHeader
        title={t('fileHistory.title')}
        description={t('fileHistory.description')}
        extra={
          refreshMs && (
            <Typography.Text type="secondary">
              <SyncOutlined spin /> {t('fileHistory.autoRefresh', { seconds: refreshMs / 1000 })}
            </Typography.Text>
          )
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <FileHistoryFilters
          moduleId={current.id}
          state={state}
          onApply={(filters) => update({ ...filters, page: 1, fileId: undefined })}
          onReset={() =>
            setSearchParams(
              writeFileHistoryUrlState(
                readFileHistoryUrlState(new URLSearchParams(), { ...defaults, pageSize: state.size }),
              ),
            )
          }
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {files.isError && !files.data ? (
          <QueryError onRetry={() => void files.refetch()} />
        ) : (
          <Table<FileHistoryRow>
            rowKey="id"
            loading={files.isPending || (files.isFetching && files.isPlaceholderData)}
            dataSource={files.data?.data ?? []}
            locale={{ emptyText: files.isPending ? ' ' : <EmptyState /> }}
            size="middle"
            scroll={{ x: columnsWidth(columns) }}
            onChange={(pagination, _filters, sorter) =>
              onTableChange(pagination.current ?? 1, pagination.pageSize ?? state.size, sorter)
            }
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: files.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
            }}
            columns={columns}
          />
        )}
      </Card>
      <FileDetailDrawer moduleId={current.id} fileId={state.fileId} onClose={() => update({ fileId: undefined })} />
    </>
  );
}
