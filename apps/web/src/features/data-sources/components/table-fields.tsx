import type { DataTableDetail, DataTableRow } from '@recon/contract';
import { Col, Form, type FormInstance, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataSourceValues } from '@/features/data-sources/data-source-values';
import { AppSelect } from '@/ui/app-select';

type Props = {
  form: FormInstance<DataSourceValues>;
  tables: readonly DataTableRow[];
  /** The chosen table's companions, once loaded. */
  detail: DataTableDetail | undefined;
  isLoadingTables: boolean;
  columnCount: number | undefined;
};

/**
 * Table, History Table and Invalid Table. The history and invalid tables are the chosen table's own
 * companions (the server insists), so they are offered alone and filled in as soon as they are known.
 */
export function TableFields({ form, tables, detail, isLoadingTables, columnCount }: Props) {
  const { t } = useTranslation();
  const table = Form.useWatch('table', form);
  const historyTable = Form.useWatch('historyTable', form);
  const invalidTable = Form.useWatch('invalidTable', form);

  // `table` is a dependency so choosing the same table again fills the companions again.
  useEffect(() => {
    if (!detail || !table) return;
    if (!form.getFieldValue('historyTable')) form.setFieldValue('historyTable', detail.historyTableName);
    if (!form.getFieldValue('invalidTable')) form.setFieldValue('invalidTable', detail.invalidTableName);
  }, [detail, form, table]);

  const companion = (known: string | undefined, current: string | undefined) =>
    [...new Set([known, current].filter((v): v is string => Boolean(v)))].map((v) => ({ value: v, label: v }));

  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item
          name="table"
          label={t('opsConfig.dataSources.table')}
          required
          extra={
            columnCount !== undefined && (
              <Typography.Text type="secondary">
                {t('opsConfig.dataSources.columnsLoaded', { count: columnCount })}
              </Typography.Text>
            )
          }
        >
          <AppSelect<string>
            loading={isLoadingTables}
            options={tables.map((row) => ({ value: row.tableName, label: `${row.name} (${row.tableName})` }))}
            onChange={() => form.setFieldsValue({ historyTable: undefined, invalidTable: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="historyTable" label={t('opsConfig.dataSources.historyTable')} required>
          <AppSelect<string> options={companion(detail?.historyTableName, historyTable)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="invalidTable" label={t('opsConfig.dataSources.invalidTable')} required>
          <AppSelect<string> options={companion(detail?.invalidTableName, invalidTable)} />
        </Form.Item>
      </Col>
    </>
  );
}
