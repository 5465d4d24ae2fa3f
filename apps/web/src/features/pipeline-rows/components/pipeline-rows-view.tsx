import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Card, Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataElements } from '@/features/pipeline-rows/api/get-data-elements';
import { useDataSources } from '@/features/pipeline-rows/api/get-data-sources';
import {
  type PipelineRow,
  type PipelineRowKind,
  type PipelineRowsParams,
  usePipelineRows,
} from '@/features/pipeline-rows/api/get-pipeline-rows';
import { useTableColumns } from '@/features/pipeline-rows/api/get-table-columns';
import { columnTitle, rowTableColumns } from '@/features/pipeline-rows/components/row-table-columns';
import { RowsToolbar } from '@/features/pipeline-rows/components/rows-toolbar';
import { readPipelineRowsMemory, writePipelineRowsMemory } from '@/features/pipeline-rows/pipeline-rows-cache';
import { rowColumns } from '@/features/pipeline-rows/row-columns';
import { useHasPrivilege } from '@/lib/access-context';
import { useBrand } from '@/lib/brand-context';
import { defaultDateRange } from '@/lib/date-range';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { ColumnChooser } from '@/ui/column-chooser';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Sort = PipelineRowsParams['sort'];

/**
 * Invalid or duplicate rows of one data source over a range of loading days. The data source, the range and
 * the hidden columns are remembered per module; paging, sorting and column searches are asked of the server.
 */
export function PipelineRowsView({ kind }: { kind: PipelineRowKind }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const moduleId = current.id;
  const canOpenFiles = useHasPrivilege({ code: 'fileUpload' });
  const [memory] = useState(() => readPipelineRowsMemory(moduleId));
  const [chosenId, setChosenId] = useState(memory.dataSourceId);
  const [range, setRange] = useState<[string, string]>(() => {
    if (memory.from && memory.to) return [memory.from, memory.to];
    const [from, to] = defaultDateRange(brand.defaultDateRangeDays);
    return [from.format(DATE_FORMATS.iso), to.format(DATE_FORMATS.iso)];
  });
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(brand.defaultPageSize);
  const [sort, setSort] = useState<Sort>();
  const [searches, setSearches] = useState<Record<string, string>>({});
  const [hiddenBySource, setHiddenBySource] = useState(memory.hiddenColumns ?? {});

  const dataSources = useDataSources(moduleId);
  // The remembered data source while it still exists, else the first one.
  const dataSource = dataSources.data?.find((ds) => ds.id === chosenId) ?? dataSources.data?.[0];
  const elements = useDataElements(moduleId, dataSource?.id);
  const tableColumns = useTableColumns(moduleId, dataSource?.table);
  const isColumnsReady = !elements.isPending || elements.fetchStatus === 'idle';
  const params: PipelineRowsParams | undefined = dataSource
    ? {
        dataSourceId: dataSource.id,
        fromDate: range[0],
        toDate: range[1],
        start: (page - 1) * size,
        length: size,
        searches,
        sort,
      }
    : undefined;
  const rows = usePipelineRows(moduleId, kind, params);

  const columns = rowColumns(kind, elements.data, tableColumns.data, rows.data?.data ?? []);
  const remembered = dataSource ? hiddenBySource[String(dataSource.id)] : undefined;
  const hidden = remembered ?? columns.filter((c) => c.isHiddenByDefault).map((c) => c.key);
  const visible = columns.filter((c) => !hidden.includes(c.key));

  const chooseDataSource = (id: number) => {
    setChosenId(id);
    setPage(1);
    setSort(undefined);
    setSearches({});
    writePipelineRowsMemory(moduleId, { dataSourceId: id });
  };
  const chooseRange = (next: [string, string]) => {
    setRange(next);
    setPage(1);
    writePipelineRowsMemory(moduleId, { from: next[0], to: next[1] });
  };
  const chooseHidden = (next: string[] | undefined) => {
    if (!dataSource) return;
    const all = { ...hiddenBySource };
    if (next) all[String(dataSource.id)] = next;
    else delete all[String(dataSource.id)];
    setHiddenBySource(all);
    writePipelineRowsMemory(moduleId, { hiddenColumns: all });
  };
  const onTableChange = (
    nextPage: number,
    nextSize: number,
    sorter: SorterResult<PipelineRow> | SorterResult<PipelineRow>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = typeof one?.columnKey === 'string' ? one.columnKey : undefined;
    const nextSort: Sort = column && one?.order ? { column, dir: one.order === 'ascend' ? 'asc' : 'desc' } : undefined;
    const isSortChange = nextSort?.column !== sort?.column || nextSort?.dir !== sort?.dir;
    setSort(nextSort);
    setSize(nextSize);
    setPage(nextSize !== size || isSortChange ? 1 : nextPage);
  };

  return (
    <>
      <PageHeader title={t(`pipelineRows.${kind}.title`)} description={t(`pipelineRows.${kind}.description`)} />
      <Card style={{ marginBottom: 16 }}>
        <RowsToolbar
          dataSources={dataSources.data}
          isLoadingDataSources={dataSources.isPending}
          hasDataSourcesFailed={dataSources.isError}
          onRetryDataSources={() => void dataSources.refetch()}
          dataSourceId={dataSource?.id}
          onDataSource={chooseDataSource}
          range={range}
          onRange={chooseRange}
          extra={
            dataSource && (
              <ColumnChooser
                columns={columns.map((c) => ({ key: c.key, title: columnTitle(t, c) }))}
                hidden={hidden}
                onChange={chooseHidden}
                onReset={() => chooseHidden(undefined)}
              />
            )
          }
        />
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {rows.isError && !rows.data ? (
          <QueryError onRetry={() => void rows.refetch()} />
        ) : (
          <Table<PipelineRow>
            rowKey="id"
            loading={(dataSource !== undefined && !isColumnsReady) || rows.isFetching}
            dataSource={isColumnsReady ? (rows.data?.data ?? []) : []}
            locale={{ emptyText: dataSources.isPending || (params && rows.isPending) ? ' ' : <EmptyState /> }}
            scroll={{ x: 'max-content' }}
            onChange={(pagination, _filters, sorter) =>
              onTableChange(pagination.current ?? 1, pagination.pageSize ?? size, sorter)
            }
            pagination={{
              current: page,
              pageSize: size,
              total: rows.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
            }}
            columns={rowTableColumns({
              t,
              locale,
              columns: visible,
              searches,
              sort,
              canOpenFiles,
              onSearch: (column, text) => {
                setSearches({ ...searches, [column]: text });
                setPage(1);
              },
            })}
          />
        )}
      </Card>
    </>
  );
}
