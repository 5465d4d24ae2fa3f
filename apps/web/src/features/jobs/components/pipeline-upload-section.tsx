import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { type FileErrorKind, type FileHistoryRow, UPLOAD_ACCEPT, type UploadedFileResult } from '@recon/contract';
import { Button, Card, Popconfirm, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '@/lib/file-size';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

/** A file the server answered for, or one that failed to upload (no result, the failure text instead). */
export type UploadRecord = { id: string; fileName: string; result: UploadedFileResult | null; errMsg: string | null };

type Props = {
  title: string;
  /** The pipeline's source, when it is not a file pipeline: it pulls its own data and takes no upload. */
  connectorSource: string | null;
  /** Files uploaded to the pipeline that wait for a run (the server's list: they stay until run or discarded). */
  waiting: readonly FileHistoryRow[];
  /** Files of this visit the server refused or that failed to arrive. */
  refused: readonly UploadRecord[];
  onFiles: (files: File[]) => void;
  onDiscard: (file: FileHistoryRow) => void;
  onDismiss: (id: string) => void;
  /** The file being discarded. */
  discardingId: number | null;
};

type Row = {
  key: string;
  fileName: string;
  state: 'waiting' | 'invalid' | 'failed';
  sizeBytes: number | null;
  totalRows: number | null;
  errorKind: FileErrorKind | null;
  remarks: string;
  waiting: FileHistoryRow | null;
};

/** Header verdicts that still load (columns are found by name); any other kind refuses the file. */
const HEADER_LOADS: ReadonlySet<FileErrorKind> = new Set([
  'Column Order Changed',
  'Additional Columns At End',
  'Additional Columns With Changed Order',
]);

/** One PIPE_LINE activity of the job: its file picker and the files waiting for the run, with what is known of each. */
export function PipelineUploadSection(props: Props) {
  const { title, connectorSource, waiting, refused, onFiles, onDiscard, onDismiss, discardingId } = props;
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const batch = useRef<File[]>([]);
  const rows: Row[] = [
    ...waiting.map(
      (f): Row => ({
        key: `file-${f.id}`,
        fileName: f.fileName,
        state: 'waiting',
        sizeBytes: f.sizeBytes,
        totalRows: f.totalRows,
        errorKind: f.errorKind,
        remarks: t('jobs.upload.uploadedBy', {
          user: f.uploadedBy ?? '',
          at: formatDateTime(f.uploadedAt),
        }),
        waiting: f,
      }),
    ),
    ...refused.map(
      (r): Row => ({
        key: r.id,
        fileName: r.fileName,
        state: r.result ? 'invalid' : 'failed',
        sizeBytes: r.result?.sizeBytes ?? null,
        totalRows: null,
        errorKind: r.result?.errorKind ?? null,
        remarks: r.errMsg ?? [r.result?.errorKind, r.result?.errorMessage].filter(Boolean).join(': '),
        waiting: null,
      }),
    ),
  ];

  const headerCheck = (row: Row) => {
    if (row.state === 'failed') return '—';
    if (row.errorKind === 'No Error') return <Tag color="success">{t('jobs.upload.headerOk')}</Tag>;
    if (row.errorKind && HEADER_LOADS.has(row.errorKind)) return <Tag color="warning">{row.errorKind}</Tag>;
    if (row.errorKind === 'Columns Deleted') return <Tag color="error">{row.errorKind}</Tag>;
    return row.state === 'waiting' ? (
      <Typography.Text type="secondary">{t('jobs.upload.headerAtRun')}</Typography.Text>
    ) : (
      '—'
    );
  };

  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {connectorSource ? (
        <Typography.Text type="secondary">{t('jobs.upload.connector', { source: connectorSource })}</Typography.Text>
      ) : (
        <>
          <Upload.Dragger
            accept={UPLOAD_ACCEPT}
            multiple
            showUploadList={false}
            fileList={[]}
            beforeUpload={(file, fileList) => {
              // Called once per file of a selection: hand them over together, in the order chosen.
              batch.current.push(file);
              if (batch.current.length >= fileList.length) onFiles(batch.current.splice(0));
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('jobs.upload.drop')}</p>
            <p className="ant-upload-hint">{t('jobs.upload.dropHint')}</p>
          </Upload.Dragger>
          {rows.length > 0 && (
            <Table<Row>
              rowKey="key"
              size="small"
              pagination={false}
              // Fixed widths: the tables of the job's pipelines line up one under the other.
              tableLayout="fixed"
              style={{ marginTop: 12 }}
              dataSource={rows}
              columns={[
                {
                  title: t('jobs.upload.fileName'),
                  key: 'fileName',
                  render: (_, row) => (
                    <Typography.Text ellipsis={{ tooltip: row.fileName }}>{row.fileName}</Typography.Text>
                  ),
                },
                {
                  title: t('jobs.upload.size'),
                  key: 'size',
                  width: 100,
                  align: 'right',
                  render: (_, row) => (row.sizeBytes === null ? '—' : formatFileSize(row.sizeBytes, locale)),
                },
                {
                  title: t('jobs.upload.rows'),
                  key: 'rows',
                  width: 100,
                  align: 'right',
                  render: (_, row) => (row.totalRows === null ? '—' : formatNumber(row.totalRows, locale, 0)),
                },
                {
                  title: t('jobs.upload.headerCheck'),
                  key: 'header',
                  width: 230,
                  render: (_, row) => headerCheck(row),
                },
                {
                  title: t('common.status'),
                  key: 'status',
                  width: 140,
                  render: (_, row) =>
                    row.state === 'waiting' ? (
                      <Tag color="processing">{t('jobs.upload.waiting')}</Tag>
                    ) : (
                      <Tag color="error">
                        {row.state === 'invalid' ? t('jobs.upload.invalid') : t('jobs.upload.failed')}
                      </Tag>
                    ),
                },
                {
                  title: t('jobs.upload.remarks'),
                  key: 'remarks',
                  render: (_, row) => (
                    <Typography.Text type={row.state === 'waiting' ? 'secondary' : undefined}>
                      {row.remarks}
                    </Typography.Text>
                  ),
                },
                {
                  title: '',
                  key: 'remove',
                  width: 48,
                  render: (_, row) =>
                    row.waiting ? (
                      <Popconfirm
                        title={t('jobs.upload.discardTitle', { name: row.fileName })}
                        description={t('jobs.upload.discardText')}
                        okText={t('jobs.upload.discard')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() => row.waiting && onDiscard(row.waiting)}
                      >
                        <Tooltip title={t('jobs.upload.discard')}>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            loading={discardingId === row.waiting.id}
                            aria-label={`${t('jobs.upload.discard')} ${row.fileName}`}
                          />
                        </Tooltip>
                      </Popconfirm>
                    ) : (
                      <Tooltip title={t('jobs.upload.removeFromList')}>
                        <Button
                          type="text"
                          icon={<DeleteOutlined />}
                          aria-label={`${t('jobs.upload.removeFromList')} ${row.fileName}`}
                          onClick={() => onDismiss(row.key)}
                        />
                      </Tooltip>
                    ),
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
