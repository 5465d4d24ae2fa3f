import { describeRejectionReason, type FileHistoryRow } from '@recon/contract';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { FileHistoryColumn } from '@/features/file-history/api/get-file-history';
import type { FileHistoryUrlState } from '@/features/file-history/file-history-params';
import { formatDateTime, formatNumber, type NumberLocale } from '@/lib/format';
import { DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';
import { ErrorKindTag, FileStatusTag, statusWords } from '@/ui/file-tags';

type Options = {
  t: TFunction;
  locale: NumberLocale;
  sort: FileHistoryUrlState['sort'];
  onOpen: (id: number) => void;
};

const COUNT_COLUMNS = ['totalRows', 'validRows', 'invalidRows', 'duplicateRows', 'skippedRows'] as const;

/** The list's columns; sortable ones are sorted by the server, keyed by their DataTables column. */
export function fileHistoryColumns({ t, locale, sort, onOpen }: Options): ColumnsType<FileHistoryRow> {
  const sortable = (column: FileHistoryColumn) => ({
    key: column,
    sorter: true,
    sortOrder: sort?.column === column ? (sort.dir === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
  });
  return [
    {
      title: t('fileHistory.fileName'),
      dataIndex: 'fileName',
      width: 200,
      ...sortable('fileName'),
      render: (name: string, row) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' }}
          onClick={() => onOpen(row.id)}
        >
          {name}
        </Button>
      ),
    },
    { title: t('fileHistory.pipeline'), dataIndex: 'pipelineName', width: 140, ...sortable('pipelineName') },
    {
      title: t('fileHistory.statusAndUpload'),
      dataIndex: 'status',
      width: 135,
      ...sortable('status'),
      render: (status: string, row) => (
        <Flex vertical gap={4} align="flex-start">
          <FileStatusTag status={status} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('fileHistory.uploadValue', { value: statusWords(row.uploadStatus) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('fileHistory.errorKind'),
      dataIndex: 'errorKind',
      width: 175,
      ...sortable('errorKind'),
      render: (kind: string | null, row) => {
        // The first reason rows failed, so a rejected file says why without opening it.
        const reason = row.rejection?.reasons[0];
        return (
          <Flex vertical gap={4} align="flex-start">
            <ErrorKindTag kind={kind} fileStatus={row.status} />
            {reason && (
              <Typography.Text
                type="danger"
                style={{ fontSize: 12 }}
                ellipsis={{ tooltip: describeRejectionReason(reason) }}
              >
                {describeRejectionReason(reason)}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    ...COUNT_COLUMNS.map((column) => ({
      title: t(`fileHistory.counts.${column}`),
      dataIndex: column,
      width: 82,
      align: 'right' as const,
      ...sortable(column),
      render: (value: number | null | undefined) => (value == null ? '' : formatNumber(value, locale, 0)),
    })),
    {
      title: t('fileHistory.uploaded'),
      dataIndex: 'uploadedAt',
      width: DATE_TIME_COLUMN_WIDTH_COMPACT,
      ...sortable('uploadedAt'),
      render: (value: string, row) => (
        <Flex vertical>
          <span>{formatDateTime(value)}</span>
          {row.uploadedBy && <Typography.Text type="secondary">{row.uploadedBy}</Typography.Text>}
        </Flex>
      ),
    },
  ];
}
