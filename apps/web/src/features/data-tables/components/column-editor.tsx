import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DataType, MAX_DATA_TABLE_COLUMNS } from '@recon/contract';
import { Button, Form, type FormInstance, Space, Table, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColumnDraft, columnNameProblem, isMoneyType, NEW_COLUMN } from '@/features/data-tables/column-rules';
import {
  ColumnNameCell,
  DataTypeCell,
  MaxLengthCell,
  MoneyCell,
} from '@/features/data-tables/components/column-fields';

type Props = { form: FormInstance; listError?: string[] };

/**
 * The columns of a new table: name, data type, money flag (DOUBLE / FLOAT only), maximum length (VARCHAR
 * only); rows are added, removed and moved up or down. The order is the table's column order.
 */
export function ColumnEditor({ form, listError }: Props) {
  const { t } = useTranslation();
  const columns = (Form.useWatch('columns', form) ?? []) as ColumnDraft[];

  const onTypeChange = (index: number, type: DataType) => {
    form.setFieldValue(['columns', index, 'isMoney'], isMoneyType(type));
    if (type !== 'VARCHAR') form.setFieldValue(['columns', index, 'maxLength'], null);
  };

  return (
    <Form.List name="columns">
      {(fields, { add, remove, move }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 760 }}
            locale={{ emptyText: t('opsConfig.dataTables.noColumns') }}
            columns={[
              { title: '#', key: 'sequence', width: 48, render: (_, field) => field.name + 1 },
              {
                title: t('opsConfig.dataTables.columnName'),
                key: 'name',
                render: (_, field) => (
                  <ColumnNameCell
                    path={[field.name]}
                    label={t('opsConfig.dataTables.columnNameOf', { n: field.name + 1 })}
                    validate={() => columnNameProblem(form.getFieldValue('columns') ?? [], field.name)}
                  />
                ),
              },
              {
                title: t('opsConfig.dataTables.dataType'),
                key: 'dataType',
                width: 160,
                render: (_, field) => (
                  <DataTypeCell
                    path={[field.name]}
                    label={t('opsConfig.dataTables.dataTypeOf', { n: field.name + 1 })}
                    onTypeChange={(type) => onTypeChange(field.name, type)}
                  />
                ),
              },
              {
                title: t('opsConfig.dataTables.amount'),
                key: 'isMoney',
                width: 110,
                render: (_, field) => (
                  <MoneyCell
                    path={[field.name]}
                    label={t('opsConfig.dataTables.moneyOf', { n: field.name + 1 })}
                    type={columns[field.name]?.dataType}
                  />
                ),
              },
              {
                title: t('opsConfig.dataTables.maxLength'),
                key: 'maxLength',
                width: 150,
                render: (_, field) => (
                  <MaxLengthCell
                    path={[field.name]}
                    label={t('opsConfig.dataTables.maxLengthOf', { n: field.name + 1 })}
                    type={columns[field.name]?.dataType}
                  />
                ),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 130,
                render: (_, field) => (
                  <Space size={0}>
                    <Tooltip title={t('opsConfig.common.moveUp')}>
                      <Button
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('opsConfig.dataTables.moveColumnUp', { n: field.name + 1 })}
                        disabled={field.name === 0}
                        onClick={() => move(field.name, field.name - 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('opsConfig.common.moveDown')}>
                      <Button
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('opsConfig.dataTables.moveColumnDown', { n: field.name + 1 })}
                        disabled={field.name === fields.length - 1}
                        onClick={() => move(field.name, field.name + 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('opsConfig.common.remove')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('opsConfig.dataTables.removeColumn', { n: field.name + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
          {listError && listError.length > 0 && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
              {listError.join(' ')}
            </Typography.Text>
          )}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 12 }}
            disabled={fields.length >= MAX_DATA_TABLE_COLUMNS}
            onClick={() => add({ ...NEW_COLUMN })}
          >
            {t('opsConfig.dataTables.addColumnRow')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
