import { SearchOutlined } from '@ant-design/icons';
import { columnHeading, type DataType } from '@recon/contract';
import { Flex, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import type { PipelineRow, PipelineRowsParams } from '@/features/pipeline-rows/api/get-pipeline-rows';
import { formatCell, isNumericType } from '@/features/pipeline-rows/cell-format';
import { ColumnSearch } from '@/features/pipeline-rows/components/column-search';
import type { RowColumn, SystemField } from '@/features/pipeline-rows/row-columns';
import { formatDateTime, type NumberLocale } from '@/lib/format';
import { DATE_TIME_COLUMN_WIDTH } from '@/ui/column-widths';

const FILE_HISTORY_PATH = PATHS.fileUploadHistory;

type Options = {
  t: TFunction;
  locale: NumberLocale;
  columns: readonly RowColumn[];
  searches: PipelineRowsParams['searches'];
  sort: PipelineRowsParams['sort'];
  canOpenFiles: boolean;
  onSearch: (column: string, text: string) => void;
};

/** A data column's heading is the recon tabs' and the exports' (columnHeading): "value_date" → "Value Date". */
export function columnTitle(t: TFunction, column: RowColumn): string {
  return column.kind === 'system' ? t(`pipelineRows.fields.${column.key}`) : columnHeading(column.key);
}

/** "value_date: not a valid date…" → "Value Date: not a valid date…": a reason names its column as the table does. */
export function reasonText(reason: string): string {
  return reason.replace(/^([a-z][a-z0-9_]*):/, (_, name: string) => `${columnHeading(name)}:`);
}

function systemCell(key: SystemField, row: PipelineRow, canOpenFiles: boolean) {
  switch (key) {
    case 'fileName':
      return canOpenFiles && row.fileId !== null ? (
        <Link to={`${FILE_HISTORY_PATH}?fileId=${row.fileId}`}>{row.fileName}</Link>
      ) : (
        (row.fileName ?? '')
      );
    case 'rowNo':
      return row.rowNo ?? '';
    case 'reasons':
      return (
        // One line, as every row of a compact table: a reason too long for the column is cut, whole on hover.
        <Flex gap={4} style={{ overflow: 'hidden' }}>
          {'reasons' in row &&
            row.reasons.map((reason) => (
              <Tooltip key={reason} title={reasonText(reason)}>
                <Tag color="error" style={{ marginInlineEnd: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {reasonText(reason)}
                </Tag>
              </Tooltip>
            ))}
        </Flex>
      );
    case 'createdAt':
      return 'createdAt' in row ? formatDateTime(row.createdAt) : '';
    case 'loadedAt':
      return 'loadedAt' in row ? formatDateTime(row.loadedAt) : '';
  }
}

const SYSTEM_WIDTHS: Record<SystemField, number> = {
  fileName: 230,
  rowNo: 136,
  reasons: 300,
  createdAt: DATE_TIME_COLUMN_WIDTH,
  loadedAt: DATE_TIME_COLUMN_WIDTH,
};

/** Data columns stay one line high (the full value shows on hover): dates and amounts fit, text is cut. */
function dataWidth(type: DataType | undefined): number {
  if (type === 'DATE') return 120;
  if (type === 'DATETIME') return DATE_TIME_COLUMN_WIDTH;
  if (isNumericType(type)) return 150;
  return 200;
}

/** The visible columns as table columns: each searchable and sorted by the server. */
export function rowTableColumns({
  t,
  locale,
  columns,
  searches,
  sort,
  canOpenFiles,
  onSearch,
}: Options): ColumnsType<PipelineRow> {
  return columns.map((column) => {
    const title = columnTitle(t, column);
    const search = searches[column.key] ?? '';
    const isRight = column.kind === 'system' ? column.key === 'rowNo' : isNumericType(column.cell.type);
    return {
      title,
      key: column.key,
      width: column.kind === 'system' ? SYSTEM_WIDTHS[column.key] : dataWidth(column.cell.type),
      ellipsis: column.kind === 'data',
      align: isRight ? ('right' as const) : undefined,
      sorter: true,
      sortOrder: sort?.column === column.key ? (sort.dir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      filteredValue: search ? [search] : null,
      filterIcon: (isFiltered: boolean) => (
        <SearchOutlined style={isFiltered ? { color: 'var(--ant-color-primary)' } : undefined} />
      ),
      filterDropdown: ({ close }) => (
        <ColumnSearch
          key={search}
          title={title}
          value={search}
          onSearch={(text) => onSearch(column.key, text)}
          close={close}
        />
      ),
      render: (_: unknown, row: PipelineRow) =>
        column.kind === 'system'
          ? systemCell(column.key, row, canOpenFiles)
          : formatCell(row.values[column.key] ?? null, column.cell, locale),
    };
  });
}
