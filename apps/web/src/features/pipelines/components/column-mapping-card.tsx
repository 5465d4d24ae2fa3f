import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_FILE_COLUMNS, MAX_FIXED_WIDTH_END, readNumberText, type TableColumn } from '@recon/contract';
import { Alert, Button, Card, Checkbox, Flex, Input, InputNumber, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFormatsSelect } from '@/features/pipelines/components/date-formats-select';
import { NumberFormatButton } from '@/features/pipelines/components/number-format-button';
import { isDateType, isNumberType, type LayoutKind, type MappingRow } from '@/features/pipelines/file-config-draft';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';

/** Value of the "not loaded" option: a select cannot carry null. */
const NOT_LOADED = '';

/**
 * Column widths, summing to what the card holds at 1440 px with the sidebar open (about 1090 px) for the fixed
 * width layout, the widest: a squeezed table cuts the file column names ("Amount (p"). Narrower, the table scrolls.
 */
const WIDTH = {
  position: 44,
  fileColumn: 170,
  cut: 72,
  sample: 130,
  tableColumn: 180,
  dataType: 92,
  format: 190,
  required: 80,
  remove: 48,
} as const;

type Props = {
  /** header: columns by name; position: by column number; fixed: by start and length. */
  layout: LayoutKind;
  rows: readonly MappingRow[];
  /** The pipeline table's user columns. */
  columns: readonly TableColumn[];
  /** The sample values of each row's file column (rows that load), by row. */
  samples: readonly (readonly string[])[];
  errors: Readonly<Record<string, string>>;
  onRowChange: (index: number, next: MappingRow | ((row: MappingRow) => MappingRow)) => void;
  onTableColumn: (index: number, column: TableColumn | null) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
};

/**
 * File column (and, without a header, its column number; fixed width, its start and length) → table column (or
 * not loaded), its data type (the column's), date formats or number format, and required flag.
 */
export function ColumnMappingCard({
  layout,
  rows,
  columns,
  samples,
  errors,
  onRowChange,
  onTableColumn,
  onAdd,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const used = new Set(rows.map((r) => r.tableColumn).filter(Boolean));
  const mappedCount = rows.filter((r) => r.tableColumn).length;
  const errorOf = (index: number, field: string) => errors[`mappings.${index}.${field}`];
  const firstSample = (index: number) => samples[index]?.find((v) => v.trim()) ?? '';
  const whole = (value: number | null) => (value && Number.isInteger(value) ? value : null);
  const positionColumns: ColumnsType<MappingRow> =
    layout === 'position'
      ? [
          {
            title: t('pipelines.config.columnNumber'),
            key: 'columnNumber',
            width: WIDTH.cut,
            render: (_, row, index) => (
              <FieldError message={errorOf(index, 'columnNumber')}>
                <InputNumber<number>
                  aria-label={`${t('pipelines.config.columnNumber')} ${index + 1}`}
                  min={1}
                  max={MAX_FILE_COLUMNS}
                  precision={0}
                  style={{ width: '100%' }}
                  value={row.columnNumber ?? index + 1}
                  onChange={(v) => onRowChange(index, (r) => ({ ...r, columnNumber: whole(v) }))}
                />
              </FieldError>
            ),
          },
        ]
      : layout === 'fixed'
        ? (['start', 'length'] as const).map((field) => ({
            title: t(`pipelines.config.${field}`),
            key: field,
            width: WIDTH.cut,
            render: (_: unknown, row: MappingRow, index: number) => (
              <FieldError message={field === 'start' ? errorOf(index, 'start') : undefined}>
                <InputNumber<number>
                  aria-label={`${t(`pipelines.config.${field}`)} ${row.fileColumn || index + 1}`}
                  min={1}
                  max={MAX_FIXED_WIDTH_END}
                  precision={0}
                  status={field === 'start' && errorOf(index, 'start') ? 'error' : undefined}
                  style={{ width: '100%' }}
                  value={row[field]}
                  onChange={(v) => onRowChange(index, (r) => ({ ...r, [field]: whole(v) }))}
                />
              </FieldError>
            ),
          }))
        : [];

  return (
    <Card
      title={t('pipelines.config.mapping')}
      extra={
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>
          {t('pipelines.config.mappedCount', { mapped: mappedCount, total: rows.length })}
        </span>
      }
      style={{ marginBottom: 16 }}
    >
      {errors.mappings && <Alert type="error" showIcon title={errors.mappings} style={{ marginBottom: 12 }} />}
      <Table<MappingRow>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={[...rows]}
        locale={{ emptyText: <EmptyState /> }}
        scroll={{ x: tableWidth(layout) }}
        columns={[
          { title: '#', key: 'position', width: WIDTH.position, render: (_, __, index) => index + 1 },
          {
            title: t('pipelines.config.fileColumn'),
            key: 'fileColumn',
            width: WIDTH.fileColumn,
            render: (_, row, index) => (
              <FieldError message={errorOf(index, 'fileColumn')}>
                <Input
                  aria-label={`${t('pipelines.config.fileColumn')} ${index + 1}`}
                  maxLength={200}
                  status={errorOf(index, 'fileColumn') ? 'error' : undefined}
                  value={row.fileColumn}
                  onChange={(e) => onRowChange(index, (r) => ({ ...r, fileColumn: e.target.value }))}
                />
              </FieldError>
            ),
          },
          ...positionColumns,
          {
            title: t('pipelines.config.sampleValue'),
            key: 'sample',
            width: WIDTH.sample,
            render: (_, row, index) => {
              const sample = firstSample(index);
              const read = readsAs(row, sample);
              return (
                <Flex vertical>
                  <Typography.Text
                    type="secondary"
                    ellipsis={{ tooltip: sample }}
                    style={{ maxWidth: WIDTH.sample - 16 }}
                  >
                    {sample}
                  </Typography.Text>
                  {read !== undefined && (
                    <Typography.Text
                      aria-label={`${t('pipelines.config.readsAs')} ${row.fileColumn || index + 1}`}
                      type={read === null ? 'danger' : undefined}
                      style={{ fontSize: 12 }}
                    >
                      {read === null
                        ? t('pipelines.config.readsAsNothing')
                        : t('pipelines.config.readsAsValue', { value: read })}
                    </Typography.Text>
                  )}
                </Flex>
              );
            },
          },
          {
            title: t('pipelines.config.tableColumn'),
            key: 'tableColumn',
            width: WIDTH.tableColumn,
            render: (_, row, index) => (
              <FieldError message={errorOf(index, 'tableColumn')}>
                <AppSelect<string>
                  aria-label={`${t('pipelines.config.tableColumn')} ${row.fileColumn || index + 1}`}
                  allowClear={false}
                  status={errorOf(index, 'tableColumn') ? 'error' : undefined}
                  style={{ width: '100%' }}
                  value={row.tableColumn ?? NOT_LOADED}
                  options={[
                    { value: NOT_LOADED, label: t('pipelines.config.notLoaded') },
                    ...columns.map((c) => ({
                      value: c.name,
                      label: c.name,
                      disabled: used.has(c.name) && c.name !== row.tableColumn,
                    })),
                  ]}
                  onChange={(name) => onTableColumn(index, columns.find((c) => c.name === name) ?? null)}
                />
              </FieldError>
            ),
          },
          {
            title: t('pipelines.config.dataType'),
            key: 'dataType',
            width: WIDTH.dataType,
            render: (_, row, index) => (
              <FieldError message={errorOf(index, 'dataType')}>
                {row.dataType ? <Tag>{row.dataType}</Tag> : <span style={{ color: 'rgba(0,0,0,0.35)' }}>—</span>}
              </FieldError>
            ),
          },
          {
            title: t('pipelines.config.format'),
            key: 'format',
            width: WIDTH.format,
            render: (_, row, index) => {
              const name = row.fileColumn || index + 1;
              if (row.tableColumn && isNumberType(row.dataType)) {
                return (
                  <FieldError message={errorOf(index, 'numberFormat')}>
                    <NumberFormatButton
                      label={`${t('pipelines.config.numberFormat')} ${name}`}
                      value={row.numberFormat}
                      onChange={(numberFormat) => onRowChange(index, (r) => ({ ...r, numberFormat }))}
                    />
                  </FieldError>
                );
              }
              const isDate = !!row.tableColumn && isDateType(row.dataType);
              return (
                <FieldError message={errorOf(index, 'dateFormat')}>
                  <DateFormatsSelect
                    label={`${t('pipelines.config.dateFormat')} ${name}`}
                    disabled={!isDate}
                    status={errorOf(index, 'dateFormat') ? 'error' : undefined}
                    value={isDate ? row.dateFormats : []}
                    samples={samples[index] ?? []}
                    onChange={(dateFormats) => onRowChange(index, (r) => ({ ...r, dateFormats }))}
                  />
                </FieldError>
              );
            },
          },
          {
            title: t('pipelines.config.required'),
            key: 'isRequired',
            width: WIDTH.required,
            align: 'center',
            render: (_, row, index) => (
              <Checkbox
                aria-label={`${t('pipelines.config.required')} ${row.fileColumn || index + 1}`}
                disabled={!row.tableColumn}
                checked={row.isRequired}
                onChange={(e) => onRowChange(index, (r) => ({ ...r, isRequired: e.target.checked }))}
              />
            ),
          },
          {
            title: (
              <Tooltip title={t('pipelines.config.fillDownHint')}>
                <span>{t('pipelines.config.fillDown')}</span>
              </Tooltip>
            ),
            key: 'fillDown',
            width: 90,
            align: 'center',
            render: (_, row, index) => (
              <Checkbox
                aria-label={`${t('pipelines.config.fillDown')} ${row.fileColumn || index + 1}`}
                disabled={!row.tableColumn}
                checked={row.fillDown}
                onChange={(e) => onRowChange(index, (r) => ({ ...r, fillDown: e.target.checked }))}
              />
            ),
          },
          {
            title: '',
            key: 'remove',
            width: WIDTH.remove,
            render: (_, row, index) => (
              <Tooltip title={t('pipelines.config.removeColumn')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('pipelines.config.removeColumn')} ${row.fileColumn || index + 1}`}
                  onClick={() => onRemove(index)}
                />
              </Tooltip>
            ),
          },
        ]}
      />
      <Button icon={<PlusOutlined />} onClick={onAdd} style={{ marginTop: 12 }}>
        {t('pipelines.config.addColumn')}
      </Button>
    </Card>
  );
}

/** The table's full width: its columns side by side, the position or cut columns of the layout included. */
function tableWidth(layout: LayoutKind): number {
  const cuts = layout === 'fixed' ? 2 : layout === 'position' ? 1 : 0;
  return Object.values(WIDTH).reduce((sum, w) => sum + w, 0) + (cuts - 1) * WIDTH.cut;
}

/**
 * What a number column's sample becomes with its number format ("000000045000" with ÷ 100 → 450.00), so a scale or
 * a Dr / Cr setting is checked on the file's own value: undefined without a format or a value, null when the format
 * does not read it.
 */
function readsAs(row: MappingRow, sample: string): string | null | undefined {
  if (!row.tableColumn || !isNumberType(row.dataType) || !row.numberFormat || !sample.trim()) return undefined;
  return readNumberText(sample, row.numberFormat);
}

function FieldError({ message, children }: { message: string | undefined; children: ReactNode }) {
  return (
    <div>
      {children}
      {message && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 2 }}>
          {message}
        </Typography.Text>
      )}
    </div>
  );
}
