import {
  CSV_DELIMITERS,
  FILE_KIND_LABELS,
  FILE_KINDS,
  type FileConnection,
  type FileKind,
  INGESTION_MODE_LABELS,
  INGESTION_MODES,
  type IngestionMode,
  MAX_HEADER_ROW,
} from '@recon/contract';
import { Card, Checkbox, Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfigDraft, CsvDelimiter } from '@/features/pipelines/file-config-draft';
import { AppSelect } from '@/ui/app-select';

type Props = {
  draft: ConfigDraft;
  /** Sheets of the sample workbook, when one was previewed. */
  sheetNames: readonly string[];
  errors: Readonly<Record<string, string>>;
  onChange: (patch: Partial<ConfigDraft>) => void;
  /** The settings that change how the sample reads: the preview is asked again. */
  onReadSettingChange: (patch: ReadSettingChange) => void;
};

export type ReadSettingChange = Partial<
  Pick<ConfigDraft, 'fileKind' | 'delimiter' | 'headerRow' | 'hasHeader' | 'sheetName'>
>;

const BLOCKED_NUMBER_KEYS: ReadonlySet<string> = new Set(['e', 'E', '+', '-', '.']);

/**
 * File type (delimited text of any extension, fixed-width text, XLSX), sheet or delimiter, whether the file has
 * a header and on which row it (or the first data row) is, and how files arrive (with the S3 / SFTP location).
 */
export function FileSettingsCard({ draft, sheetNames, errors, onChange, onReadSettingChange }: Props) {
  const { t } = useTranslation();
  const setConnection = (patch: Partial<FileConnection>) => onChange({ connection: { ...draft.connection, ...patch } });
  const status = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});
  const hasHeader = draft.fileKind !== 'fixed_width' && draft.hasHeader;
  const headerRowLabel = hasHeader ? t('pipelines.config.headerRow') : t('pipelines.config.firstDataRow');

  return (
    <Card title={t('pipelines.config.fileSettings')} style={{ marginBottom: 16 }}>
      <Form layout="vertical" component="div">
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item label={t('pipelines.config.fileKind')} required {...status('fileKind')}>
              <Radio.Group
                aria-label={t('pipelines.config.fileKind')}
                optionType="button"
                value={draft.fileKind}
                options={FILE_KINDS.map((k) => ({ value: k, label: FILE_KIND_LABELS[k] }))}
                onChange={(e) => onReadSettingChange({ fileKind: e.target.value as FileKind })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            {draft.fileKind === 'fixed_width' ? (
              <Form.Item label={t('pipelines.config.layout')}>
                <span style={{ color: 'rgba(0,0,0,0.45)' }}>{t('pipelines.config.fixedWidthHint')}</span>
              </Form.Item>
            ) : draft.fileKind === 'csv' ? (
              <Form.Item label={t('pipelines.config.delimiter')} {...status('delimiter')}>
                <AppSelect<CsvDelimiter>
                  aria-label={t('pipelines.config.delimiter')}
                  allowClear={false}
                  value={draft.delimiter}
                  options={CSV_DELIMITERS.map((d) => ({
                    value: d,
                    label: t(`pipelines.config.delimiters.${delimiterKey(d)}`),
                  }))}
                  onChange={(delimiter) => onReadSettingChange({ delimiter })}
                />
              </Form.Item>
            ) : (
              <Form.Item
                label={t('pipelines.config.sheet')}
                extra={t('pipelines.config.sheetHint')}
                {...status('sheetName')}
              >
                {sheetNames.length > 0 ? (
                  <AppSelect<string>
                    aria-label={t('pipelines.config.sheet')}
                    value={draft.sheetName ?? undefined}
                    options={sheetNames.map((s) => ({ value: s, label: s }))}
                    onChange={(sheetName) => onReadSettingChange({ sheetName: sheetName ?? null })}
                  />
                ) : (
                  <Input
                    aria-label={t('pipelines.config.sheet')}
                    maxLength={31}
                    value={draft.sheetName ?? ''}
                    onChange={(e) => onChange({ sheetName: e.target.value || null })}
                  />
                )}
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label={t('pipelines.config.header')}>
              <Checkbox
                disabled={draft.fileKind === 'fixed_width'}
                checked={draft.fileKind !== 'fixed_width' && draft.hasHeader}
                onChange={(e) => onReadSettingChange({ hasHeader: e.target.checked })}
              >
                {t('pipelines.config.hasHeader')}
              </Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item
              label={headerRowLabel}
              required
              extra={t('pipelines.config.headerRowHint')}
              {...status('headerRow')}
            >
              <InputNumber<number>
                aria-label={headerRowLabel}
                min={1}
                max={MAX_HEADER_ROW}
                precision={0}
                changeOnWheel={false}
                style={{ width: '100%' }}
                value={draft.headerRow}
                onKeyDown={(e) => {
                  if (BLOCKED_NUMBER_KEYS.has(e.key)) e.preventDefault();
                }}
                onChange={(value) => {
                  if (value) onChange({ headerRow: value });
                }}
                onBlur={() => onReadSettingChange({ headerRow: draft.headerRow })}
                onPressEnter={() => onReadSettingChange({ headerRow: draft.headerRow })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={4}>
            <Form.Item label={t('pipelines.config.ingestionMode')} {...status('ingestionMode')}>
              <AppSelect<IngestionMode>
                aria-label={t('pipelines.config.ingestionMode')}
                allowClear={false}
                value={draft.ingestionMode}
                options={INGESTION_MODES.map((m) => ({ value: m, label: INGESTION_MODE_LABELS[m] }))}
                onChange={(ingestionMode) => onChange({ ingestionMode })}
              />
            </Form.Item>
          </Col>
        </Row>
        {draft.ingestionMode === 'AMAZON_S3' && (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('pipelines.config.bucket')} required {...status('connection.bucket')}>
                <Input
                  aria-label={t('pipelines.config.bucket')}
                  maxLength={255}
                  value={draft.connection.bucket ?? ''}
                  onChange={(e) => setConnection({ bucket: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('pipelines.config.region')} {...status('connection.region')}>
                <Input
                  aria-label={t('pipelines.config.region')}
                  maxLength={64}
                  placeholder="ap-south-1"
                  value={draft.connection.region ?? ''}
                  onChange={(e) => setConnection({ region: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('pipelines.config.prefix')} {...status('connection.prefix')}>
                <Input
                  aria-label={t('pipelines.config.prefix')}
                  maxLength={1024}
                  value={draft.connection.prefix ?? ''}
                  onChange={(e) => setConnection({ prefix: e.target.value })}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        {draft.ingestionMode === 'SFTP' && (
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('pipelines.config.host')} required {...status('connection.host')}>
                <Input
                  aria-label={t('pipelines.config.host')}
                  maxLength={255}
                  value={draft.connection.host ?? ''}
                  onChange={(e) => setConnection({ host: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item label={t('pipelines.config.port')} {...status('connection.port')}>
                <InputNumber<number>
                  aria-label={t('pipelines.config.port')}
                  min={1}
                  max={65_535}
                  precision={0}
                  changeOnWheel={false}
                  placeholder="22"
                  style={{ width: '100%' }}
                  value={draft.connection.port ?? null}
                  onKeyDown={(e) => {
                    if (BLOCKED_NUMBER_KEYS.has(e.key)) e.preventDefault();
                  }}
                  onChange={(port) => setConnection({ port: port ?? undefined })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('pipelines.config.username')} {...status('connection.username')}>
                <Input
                  aria-label={t('pipelines.config.username')}
                  maxLength={255}
                  autoComplete="off"
                  value={draft.connection.username ?? ''}
                  onChange={(e) => setConnection({ username: e.target.value })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item label={t('pipelines.config.directory')} {...status('connection.directory')}>
                <Input
                  aria-label={t('pipelines.config.directory')}
                  maxLength={1024}
                  value={draft.connection.directory ?? ''}
                  onChange={(e) => setConnection({ directory: e.target.value })}
                />
              </Form.Item>
            </Col>
          </Row>
        )}
        {(draft.ingestionMode === 'AMAZON_S3' || draft.ingestionMode === 'SFTP') && (
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('pipelines.config.credentialsNote')}</div>
        )}
      </Form>
    </Card>
  );
}

function delimiterKey(d: CsvDelimiter): 'comma' | 'semicolon' | 'pipe' | 'tab' {
  if (d === ';') return 'semicolon';
  if (d === '|') return 'pipe';
  if (d === '\t') return 'tab';
  return 'comma';
}
