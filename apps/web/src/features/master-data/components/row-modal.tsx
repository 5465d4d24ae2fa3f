import type { DataTableColumn, MasterDataRow } from '@recon/contract';
import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateMasterRow } from '@/features/master-data/api/create-master-row';
import { useUpdateMasterRow } from '@/features/master-data/api/update-master-row';
import { type CellInput, cellProblem, toCellInput, toWireValue } from '@/features/master-data/cell-values';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { notifyHttpError } from '@/lib/query-client';
import { showErrorToast } from '@/lib/toast';

type Values = { values: Record<string, CellInput> };

type Props = {
  tableId: number;
  columns: readonly DataTableColumn[];
  /** The row being edited, or 'new' to add one; null when closed. */
  row: MasterDataRow | 'new' | null;
  onClose: () => void;
};

const DISPLAY_DATE_TIME = 'DD-MM-YYYY HH:mm:ss';

/** What Form.Item hands its control: the field id (for the label), the value and the change handler. */
type ControlProps = { id?: string; value?: CellInput; onChange?: (value: unknown) => void };

/** The control of one cell by column type; it passes the form's props on so the label and value reach it. */
function CellField({ column, id, value, onChange }: { column: DataTableColumn } & ControlProps) {
  const { t } = useTranslation();
  if (column.dataType === 'DATE' || column.dataType === 'DATETIME') {
    const isDateTime = column.dataType === 'DATETIME';
    return (
      <DatePicker
        id={id}
        value={typeof value === 'string' ? null : (value ?? null)}
        onChange={(picked) => onChange?.(picked)}
        showTime={isDateTime}
        format={isDateTime ? DISPLAY_DATE_TIME : 'DD-MM-YYYY'}
        style={{ width: '100%' }}
      />
    );
  }
  const text = typeof value === 'string' ? value : '';
  const isNumeric = column.dataType !== 'VARCHAR';
  return (
    <Input
      id={id}
      value={text}
      onChange={(event) => onChange?.(event.target.value)}
      autoComplete="off"
      allowClear
      maxLength={isNumeric ? undefined : (column.maxLength ?? undefined)}
      inputMode={isNumeric ? 'decimal' : undefined}
      placeholder={column.isMoney ? t('opsConfig.masterData.amountHint') : undefined}
      style={isNumeric ? { textAlign: 'right' } : undefined}
    />
  );
}

/**
 * Adds or edits one row: a field per column, each checked by its column type with the server's messages.
 * Every opening mounts a new dialog with its own form, so nothing typed earlier carries over.
 */
export function RowModal(props: Props) {
  const { row } = props;
  if (row === null) return null;
  return <RowDialog key={row === 'new' ? 'new' : row._id} {...props} row={row} />;
}

function RowDialog({ tableId, columns, row, onClose }: Props & { row: MasterDataRow | 'new' }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const isNew = row === 'new';
  const create = useCreateMasterRow(t('opsConfig.common.created'));
  const update = useUpdateMasterRow(t('opsConfig.common.updated'));
  const initial: Record<string, CellInput> = Object.fromEntries(
    columns.map((c) => [c.name, toCellInput(c, row === 'new' ? null : row[c.name])]),
  );

  const onError = (error: unknown) => {
    const fields = serverFieldErrors(error);
    if (!fields) {
      void notifyHttpError(error);
      return;
    }
    const known = new Set(columns.map((c) => c.name));
    const placed = fields.filter((f) => f.name[0] === 'values' && known.has(String(f.name[1])));
    setFieldMessages(form, placed);
    const unplaced = fields.filter((f) => !placed.includes(f)).flatMap((f) => f.errors);
    if (unplaced.length > 0) showErrorToast(unplaced);
  };

  const onFinish = ({ values }: Values) => {
    const wire = Object.fromEntries(columns.map((c) => [c.name, toWireValue(c, values[c.name])]));
    if (row === 'new') {
      create.mutate({ tableId, body: { values: wire } }, { onSuccess: onClose, onError });
      return;
    }
    // Only the columns the user changed are sent: the server changes exactly those.
    const changed = Object.fromEntries(
      columns
        .filter((c) => wire[c.name] !== toWireValue(c, initial[c.name]))
        .map((c) => [c.name, wire[c.name] ?? null]),
    );
    if (Object.keys(changed).length === 0) {
      onClose();
      return;
    }
    update.mutate({ tableId, rowId: row._id, body: { values: changed } }, { onSuccess: onClose, onError });
  };

  return (
    <Modal
      open
      title={isNew ? t('opsConfig.masterData.addRow') : t('opsConfig.masterData.editRow')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        name="masterRow"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ values: initial }}
        onFinish={onFinish}
      >
        {columns.map((column) => (
          <Form.Item
            key={column.id}
            name={['values', column.name]}
            label={
              <span>
                {column.name}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {column.isMoney ? t('opsConfig.masterData.amountType') : column.dataType}
                  {column.maxLength ? ` (${column.maxLength})` : ''}
                </Typography.Text>
              </span>
            }
            validateTrigger={column.dataType === 'DATE' || column.dataType === 'DATETIME' ? 'onChange' : 'onBlur'}
            rules={[
              {
                validator: async (_, value: CellInput) => {
                  const problem = cellProblem(column, value);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <CellField column={column} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
