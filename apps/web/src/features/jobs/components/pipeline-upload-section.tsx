import { DeleteOutlined, InboxOutlined } from '@ant-design/icons';
import { UPLOAD_ACCEPT, type UploadedFileResult } from '@recon/contract';
import { Button, Card, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A file the server answered for, or one that failed to upload (no result, the failure text instead). */
export type UploadRecord = { id: string; fileName: string; result: UploadedFileResult | null; errMsg: string | null };

type Props = {
  title: string;
  /** The pipeline's source, when it is not a file pipeline: it pulls its own data and takes no upload. */
  connectorSource: string | null;
  records: readonly UploadRecord[];
  onFiles: (files: File[]) => void;
  onRemove: (id: string) => void;
};

/** One PIPE_LINE activity of the job: its file picker and what became of each file sent. */
export function PipelineUploadSection({ title, connectorSource, records, onFiles, onRemove }: Props) {
  const { t } = useTranslation();
  const batch = useRef<File[]>([]);

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
          {records.length > 0 && (
            <Table<UploadRecord>
              rowKey="id"
              size="small"
              pagination={false}
              // Fixed widths: the tables of the job's pipelines line up one under the other.
              tableLayout="fixed"
              style={{ marginTop: 12 }}
              dataSource={[...records]}
              columns={[
                { title: t('jobs.upload.fileName'), dataIndex: 'fileName', key: 'fileName' },
                {
                  title: t('common.status'),
                  key: 'status',
                  width: 130,
                  render: (_, record) =>
                    record.result?.status === 'UPLOADED' ? (
                      <Tag color="success">{t('jobs.upload.uploaded')}</Tag>
                    ) : (
                      <Tag color="error">{record.result ? t('jobs.upload.invalid') : t('jobs.upload.failed')}</Tag>
                    ),
                },
                {
                  title: t('jobs.upload.remarks'),
                  key: 'remarks',
                  render: (_, record) =>
                    record.errMsg ??
                    [record.result?.errorKind, record.result?.errorMessage].filter(Boolean).join(': ') ??
                    '',
                },
                {
                  title: '',
                  key: 'remove',
                  width: 48,
                  render: (_, record) => (
                    <Tooltip title={t('jobs.upload.removeFromRun')}>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`${t('jobs.upload.removeFromRun')} ${record.fileName}`}
                        onClick={() => onRemove(record.id)}
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
