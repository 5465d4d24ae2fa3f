import { InboxOutlined, ReloadOutlined } from '@ant-design/icons';
import { type FilePreview, PREVIEW_ROW_COUNT, UPLOAD_ACCEPT } from '@recon/contract';
import { Alert, Button, Card, Collapse, Spin, Table, Tag, Tooltip, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  preview: FilePreview | null;
  isLoading: boolean;
  /** The server's reason when the sample could not be read. */
  problem: string | null;
  onFile: (file: File) => void;
  /** Reads the sample again with the settings as they are now (fixed-width cuts, skip rules). */
  onRefresh?: () => void;
};

const RULER_WIDTH = 120;

/** 1234567890 repeated with tens marked above: where a fixed-width column starts can be read off it. */
function ruler(width: number): string {
  const tens = Array.from({ length: width / 10 }, (_, i) => String(i + 1).padStart(10, ' ')).join('');
  const units = '1234567890'.repeat(width / 10);
  return `${tens}\n${units}`;
}

type PreviewRow = { key: number; cells: string[]; skip: string | null };

/**
 * A sample file is read on the server as the config says (never kept): its header builds the mapping, its first
 * rows show here split as configured, each row a skip rule takes marked with the rule, and the first raw lines of
 * a text file (with a ruler for fixed-width positions).
 */
export function SampleFileCard({ preview, isLoading, problem, onFile, onRefresh }: Props) {
  const { t } = useTranslation();
  const header = preview?.header ?? [];
  const lines = preview?.lines ?? [];

  return (
    <Card
      title={t('pipelines.config.sample')}
      style={{ marginBottom: 16 }}
      extra={
        onRefresh && (
          <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={isLoading}>
            {t('pipelines.config.refreshPreview')}
          </Button>
        )
      }
    >
      <Upload.Dragger
        accept={UPLOAD_ACCEPT}
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
            {lines.length > 0 && (
              <Collapse
                size="small"
                style={{ marginBottom: 12 }}
                defaultActiveKey={preview.fileKind === 'fixed_width' ? ['lines'] : []}
                items={[
                  {
                    key: 'lines',
                    label: t('pipelines.config.rawLines', { count: lines.length }),
                    children: (
                      <section aria-label={t('pipelines.config.rawLinesLabel')}>
                        <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', fontSize: 12 }}>
                          <span style={{ color: 'rgba(0,0,0,0.35)' }}>{ruler(RULER_WIDTH)}</span>
                          {`\n${lines.join('\n')}`}
                        </pre>
                      </section>
                    ),
                  },
                ]}
              />
            )}
            <Table<PreviewRow>
              size="small"
              bordered
              pagination={false}
              scroll={{ x: 'max-content', y: 320 }}
              dataSource={preview.rows.map((cells, i) => ({ key: i, cells, skip: preview.rowSkips[i] ?? null }))}
              onRow={(row) => (row.skip ? { style: { color: 'rgba(0,0,0,0.35)' } } : {})}
              columns={[
                {
                  title: '',
                  key: 'skip',
                  width: 80,
                  render: (_, row) =>
                    row.skip && (
                      <Tooltip title={row.skip}>
                        <Tag>{t('pipelines.config.skipped')}</Tag>
                      </Tooltip>
                    ),
                },
                ...header.map((name, i) => ({
                  title: name,
                  key: `c${i}`,
                  render: (_: unknown, row: PreviewRow) => row.cells[i] ?? '',
                  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
                })),
              ]}
            />
          </div>
        )}
      </Spin>
    </Card>
  );
}
