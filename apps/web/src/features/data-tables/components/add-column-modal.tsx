import { columnAlreadyExists, type DataType } from '@recon/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddDataTableColumn } from '@/features/data-tables/api/add-data-table-column';
import {
  type ColumnDraft,
  columnNameProblem,
  isMoneyType,
  NEW_COLUMN,
  toColumnInput,
} from '@/features/data-tables/column-rules';
import {
  ColumnNameCell,
  DataTypeCell,
  MaxLengthCell,
  MoneyCell,
} from '@/features/data-tables/components/column-fields';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { notifyHttpError } from '@/lib/query-client';

type Props = { tableId: number; existingNames: readonly string[]; isOpen: boolean; onClose: () => void };

/**
 * One new column for an existing table: added to its main, history and invalid tables by the server. Every
 * opening mounts a new dialog with its own form, so a cancelled entry does not come back.
 */
export function AddColumnModal(props: Props) {
  return props.isOpen ? <AddColumnDialog {...props} /> : null;
}

function AddColumnDialog({ tableId, existingNames, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ColumnDraft>();
  const type = Form.useWatch('dataType', form);
  const addColumn = useAddDataTableColumn(t('opsConfig.dataTables.columnAdded'));

  /** The contract's column check, then a name the table already has (the server's message). */
  const nameProblem = () => {
    const draft = form.getFieldsValue();
    const problem = columnNameProblem([draft], 0);
    if (problem) return problem;
    const name = (draft.name ?? '').trim();
    return existingNames.includes(name) ? columnAlreadyExists(name) : null;
  };

  const onFinish = (draft: ColumnDraft) =>
    addColumn.mutate(
      { tableId, column: toColumnInput(draft) },
      {
        onSuccess: () => {
          form.resetFields();
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setFieldMessages(form, fields);
          else void notifyHttpError(error);
        },
      },
    );

  const onTypeChange = (next: DataType) => {
    form.setFieldValue('isMoney', isMoneyType(next));
    if (next !== 'VARCHAR') form.setFieldValue('maxLength', null);
  };

  return (
    <Modal
      open
      title={t('opsConfig.dataTables.addColumn')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('opsConfig.dataTables.addColumn')}
      cancelText={t('common.cancel')}
      confirmLoading={addColumn.isPending}
      destroyOnHidden
    >
      <Form<ColumnDraft>
        name="addColumn"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ ...NEW_COLUMN }}
        onFinish={onFinish}
      >
        <Form.Item label={t('opsConfig.dataTables.columnName')} required>
          <ColumnNameCell path={[]} label={t('opsConfig.dataTables.columnName')} validate={nameProblem} />
        </Form.Item>
        <Form.Item label={t('opsConfig.dataTables.dataType')}>
          <DataTypeCell path={[]} label={t('opsConfig.dataTables.dataType')} onTypeChange={onTypeChange} />
        </Form.Item>
        <Form.Item label={t('opsConfig.dataTables.amount')}>
          <MoneyCell path={[]} label={t('opsConfig.dataTables.money')} type={type} />
        </Form.Item>
        <Form.Item label={t('opsConfig.dataTables.maxLength')}>
          <MaxLengthCell path={[]} label={t('opsConfig.dataTables.maxLength')} type={type} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
