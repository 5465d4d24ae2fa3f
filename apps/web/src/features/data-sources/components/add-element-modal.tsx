import { DATA_TYPES, type DataType, defaultInputType, isCompatibleType, type TableColumn } from '@recon/contract';
import { Form, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateDataElement } from '@/features/data-sources/api/create-data-element';
import { inputTypeOptions } from '@/features/data-sources/element-input-types';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { notifyHttpError } from '@/lib/query-client';
import { AppSelect } from '@/ui/app-select';

type Values = { name?: string; type?: DataType; inputType?: string; active: boolean };

type Props = {
  dataSourceId: number;
  /** The table's user columns that are not elements yet. */
  columns: readonly TableColumn[];
  isOpen: boolean;
  onClose: () => void;
};

/**
 * Makes one of the table's columns a data element (placed last); its type must suit the column. Every
 * opening mounts a new dialog with its own form, so a cancelled entry does not come back.
 */
export function AddElementModal(props: Props) {
  return props.isOpen ? <AddElementDialog {...props} /> : null;
}

function AddElementDialog({ dataSourceId, columns, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);
  const type = Form.useWatch('type', form);
  const create = useCreateDataElement(t('opsConfig.dataSources.elementAdded'));
  const column = columns.find((c) => c.name === name);
  const typeOptions = DATA_TYPES.filter((d) => !column || isCompatibleType(d, column.type)).map((d) => ({
    value: d,
    label: d,
  }));

  const onColumnChange = (next: string | undefined) => {
    const picked = columns.find((c) => c.name === next);
    if (picked) form.setFieldsValue({ type: picked.type, inputType: defaultInputType(picked.type) });
  };

  const onFinish = (values: Values) => {
    if (!values.name || !values.type) return;
    create.mutate(
      {
        dataSourceId,
        body: {
          name: values.name,
          type: values.type,
          inputType: values.inputType || defaultInputType(values.type),
          active: values.active,
        },
      },
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
  };

  return (
    <Modal
      open
      title={t('opsConfig.dataSources.addElement')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('opsConfig.dataSources.addElement')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        name="addElement"
        form={form}
        layout="vertical"
        initialValues={{ active: true }}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('opsConfig.dataSources.elementColumn')}
          rules={[{ required: true, message: t('opsConfig.dataSources.elementColumnRequired') }]}
          extra={columns.length === 0 ? t('opsConfig.dataSources.noFreeColumns') : undefined}
        >
          <AppSelect<string>
            options={columns.map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }))}
            onChange={onColumnChange}
          />
        </Form.Item>
        <Form.Item
          name="type"
          label={t('opsConfig.dataSources.elementType')}
          rules={[{ required: true, message: t('opsConfig.dataSources.elementTypeRequired') }]}
        >
          <AppSelect<DataType> options={typeOptions} allowClear={false} />
        </Form.Item>
        <Form.Item name="inputType" label={t('opsConfig.dataSources.inputType')}>
          <AppSelect<string> options={inputTypeOptions(type ? defaultInputType(type) : undefined)} />
        </Form.Item>
        <Form.Item name="active" label={t('opsConfig.dataSources.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
