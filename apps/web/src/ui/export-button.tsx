import { ExportOutlined } from '@ant-design/icons';
import {
  DOWNLOAD_FORMATS,
  DOWNLOAD_SCOPES,
  type DownloadFormat,
  type DownloadReportType,
  type DownloadScope,
  EXPORT_FIELD_HEADERS,
} from '@recon/contract';
import { Button, Form, Modal, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateDownload } from '@/lib/create-download';

/** DataTables paging, the list's discriminator and how it counts are not part of what a view shows. */
const NOT_VIEW_KEYS = new Set(['start', 'length', 'draw', 'Find', 'count']);

export type ExportButtonProps = {
  /**
   * The view, as its list call sends it: for Transactions the Find=ByTab query (tab, reconId, dataSourceId,
   * fromDate, toDate, dateColumn, status, `columns[i][…]`, `order[i][…]`). Paging keys are ignored.
   */
  view: Record<string, string | number | boolean | undefined>;
  /** The columns a person may pick for "Choose columns" (the data source's), in their order. */
  columns: readonly { name: string; label?: string }[];
  /** The columns the view shows, in order: "Choose columns" starts from them. */
  shownColumns?: readonly string[];
  reportType?: DownloadReportType;
  disabled?: boolean;
};

type Values = { format: DownloadFormat; scope: DownloadScope; columns?: string[] };

/**
 * Export: asks for the format (CSV / XLSX) and the columns (all, the configured ones, or chosen ones) and queues
 * a download request for the view; the file is listed under Downloads when ready.
 */
export function ExportButton({
  view,
  columns,
  shownColumns,
  reportType = 'TRANSACTIONS',
  disabled,
}: ExportButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const scope = Form.useWatch('scope', form);
  const create = useCreateDownload();
  const options = [
    ...columns.map((c) => ({ value: c.name, label: c.label ?? c.name })),
    ...Object.entries(EXPORT_FIELD_HEADERS).map(([value, label]) => ({ value, label })),
  ];
  const known = new Set(options.map((o) => o.value));
  const initialColumns = shownColumns?.filter((c) => known.has(c));

  const submit = async (values: Values) => {
    const shown = Object.entries(view).filter(([key, v]) => v !== undefined && v !== '' && !NOT_VIEW_KEYS.has(key));
    await create.mutateAsync({
      reportType,
      format: values.format,
      scope: values.scope,
      columns: values.scope === 'CUSTOM_COLUMNS' ? values.columns : undefined,
      view: Object.fromEntries(shown) as Record<string, string | number | boolean>,
    });
    setIsOpen(false);
    form.resetFields();
  };

  return (
    <>
      <Button icon={<ExportOutlined />} disabled={disabled} onClick={() => setIsOpen(true)}>
        {t('downloads.export')}
      </Button>
      <Modal
        title={t('downloads.exportTitle')}
        open={isOpen}
        okText={t('downloads.submit')}
        cancelText={t('downloads.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setIsOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('downloads.exportHint')}</Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ format: 'CSV', scope: 'ALL_COLUMNS', columns: initialColumns }}
          onFinish={(values) => void submit(values).catch(() => {})}
          preserve={false}
        >
          <Form.Item name="format" label={t('downloads.formatLabel')}>
            <Radio.Group optionType="button" options={DOWNLOAD_FORMATS.map((f) => ({ value: f, label: f }))} />
          </Form.Item>
          <Form.Item name="scope" label={t('downloads.scopeLabel')}>
            <Radio.Group>
              <Space direction="vertical">
                {DOWNLOAD_SCOPES.map((s) => (
                  <Radio key={s} value={s}>
                    {t(`downloads.scopes.${s}`)}
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {t(`downloads.scopeHints.${s}`)}
                    </Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          {scope === 'CUSTOM_COLUMNS' && (
            <Form.Item
              name="columns"
              label={t('downloads.columnsLabel')}
              rules={[{ required: true, type: 'array', min: 1, message: t('downloads.columnsRequired') }]}
            >
              <Select mode="multiple" options={options} placeholder={t('downloads.columnsPlaceholder')} allowClear />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
