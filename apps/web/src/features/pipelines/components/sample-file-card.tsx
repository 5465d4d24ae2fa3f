import { InboxOutlined } from '@ant-design/icons';
import { type FilePreview, PREVIEW_ROW_COUNT } from '@recon/contract';
import { Alert, Card, Spin, Table, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  preview: FilePreview | null;
  isLoading: boolean;
  /** The server's reason when the sample could not be read. */
  problem: string | null;
  onFile: (file: File) => void;
};

const SAMPLE_ACCEPT = '.csv,.xlsx';

/** A sample file is read on the server (never kept): its header builds the mapping, its first rows show here. */
export function SampleFileCard({ preview, isLoading, problem, onFile }: Props) {
  const { t } = useTranslation();
  const header = preview?.header ?? [];

  return (
    <Card title={t('pipelines.config.sample')} style={{ marginBottom: 16 }}>
      <Upload.Dragger
        accept={SAMPLE_ACCEPT}
        multiple={false}
        showUploadList={false}
        fileList={[]}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('pipelines.config.sampleDrop')}</p>
        <p className="ant-upload-hint">{t('pipelines.config.sampleHint', { count: PREVIEW_ROW_COUNT })}</p>
      </Upload.Dragger>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} />}
      <Spin spinning={isLoading}>
        {preview && (
          <div style={{ marginTop: 16 }}>
            <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.65)' }}>
              {t('pipelines.config.previewOf', {
                fileName: preview.fileName,
                rows: preview.rows.length,
                columns: header.length,
              })}
            </div>
            <Table<{ key: number; cells: string[] }>
              size="small"
              bordered
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              dataSource={preview.rows.map((cells, i) => ({ key: i, cells }))}
              columns={header.map((name, i) => ({
                title: name,
                key: `c${i}`,
                render: (_, row) => row.cells[i] ?? '',
                onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
              }))}
            />
          </div>
        )}
      </Spin>
    </Card>
  );
}
