import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type PipelineFileSummary,
  usePipelineFileSummary,
} from '@/features/job-executions/api/get-pipeline-file-summary';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';
import { RejectionSummary, SkippedRows } from '@/ui/file-outcome';
import { ErrorKindTag, FAILED_FILE_STATUSES, FileStatusTag } from '@/ui/file-tags';

type Props = {
  moduleId: number;
  pipelineId: number;
  executionId: number;
  activityStatus: string;
  runStatus: string;
  /** A page narrower than the run drawer scrolls the table sideways rather than squeeze a file's name. */
  scrollX?: number;
};

/** The files one PIPE_LINE activity of the run loaded, with their outcome and row counts. */
export function PipelineFiles({ moduleId, pipelineId, executionId, activityStatus, runStatus, scrollX }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const files = usePipelineFileSummary(moduleId, pipelineId, executionId, { activityStatus, runStatus });
  const count = (value: number | null | undefined) => (value == null ? '' : formatNumber(value, locale, 0));

  if (files.isError) {
    return <Typography.Text type="danger">{t('jobExecutions.filesLoadFailed')}</Typography.Text>;
  }
  return (
    <Table<PipelineFileSummary>
      size="small"
      rowKey="fileId"
      loading={files.isPending}
      dataSource={files.data ?? []}
      pagination={false}
      scroll={scrollX ? { x: scrollX } : undefined}
      locale={{
        emptyText: files.isPending ? ' ' : <Typography.Text type="secondary">{t('common.noData')}</Typography.Text>,
      }}
      columns={[
        {
          title: t('jobExecutions.fileName'),
          key: 'fileName',
          render: (_, file) => (
            <>
              <Typography.Text strong>{file.fileName}</Typography.Text>
              {file.errorMessage && (
                <Typography.Paragraph
                  type={FAILED_FILE_STATUSES.has(file.status) ? 'danger' : 'secondary'}
                  style={{ margin: 0, fontSize: 12 }}
                >
                  {file.errorMessage}
                </Typography.Paragraph>
              )}
              <RejectionSummary rejection={file.rejection} />
              <SkippedRows skipped={file.skipped} />
            </>
          ),
        },
        {
          title: t('jobExecutions.fileStatus'),
          dataIndex: 'status',
          key: 'status',
          width: 130,
          render: (status: string) => <FileStatusTag status={status} />,
        },
        {
          title: t('jobExecutions.errorKind'),
          key: 'errorKind',
          width: 190,
          render: (_, file) => <ErrorKindTag kind={file.errorKind} fileStatus={file.status} />,
        },
        ...(['totalRows', 'validRows', 'invalidRows', 'duplicateRows', 'skippedRows'] as const).map((key) => ({
          title: t(`jobExecutions.counts.${key}`),
          dataIndex: key,
          key,
          // Narrow enough to leave a file's name (UPI_RAW_ACQ_20260305_01.dat) its line in the run drawer.
          width: 80,
          align: 'right' as const,
          render: (value: number | null | undefined) => count(value),
        })),
        {
          title: t('jobExecutions.uploadedAt'),
          dataIndex: 'uploadedAt',
          key: 'uploadedAt',
          width: DATE_TIME_COLUMN_WIDTH_COMPACT,
          render: (value: string) => formatDateTime(value),
        },
      ]}
    />
  );
}
