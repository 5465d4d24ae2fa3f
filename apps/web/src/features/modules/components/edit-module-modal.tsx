import { MODULE_NAME_MAX, type ModuleSettings } from '@recon/contract';
import { MODULE_STATUSES, type ModuleStatus } from '@recon/contract/constants';
import { Divider, Form, Input, Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateModule } from '@/features/modules/api/update-module';
import { AppSelect } from '@/ui/app-select';

type Values = {
  name: string;
  status: ModuleStatus;
  rollbacksNeedApproval: boolean;
  bulkKnockOffNeedsApproval: boolean;
};
type Props = { module: ModuleSettings | null; onClose: () => void };

export function EditModuleModal({ module, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const update = useUpdateModule(t('modules.updated'));

  const onFinish = (values: Values) => {
    if (!module) return;
    update.mutate(
      {
        id: module.id,
        body: {
          name: values.name.trim(),
          status: values.status,
          rollbacksNeedApproval: values.rollbacksNeedApproval,
          bulkKnockOffNeedsApproval: values.bulkKnockOffNeedsApproval,
        },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={module !== null}
      title={t('modules.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      {module && (
        <Form<Values>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={{
            name: module.name,
            status: module.status,
            rollbacksNeedApproval: module.rollbacksNeedApproval,
            bulkKnockOffNeedsApproval: module.bulkKnockOffNeedsApproval,
          }}
          onFinish={onFinish}
        >
          <Form.Item
            name="name"
            label={t('modules.name')}
            rules={[
              { required: true, whitespace: true, message: t('modules.nameRequired') },
              { max: MODULE_NAME_MAX, message: t('modules.nameTooLong', { max: MODULE_NAME_MAX }) },
            ]}
          >
            <Input maxLength={MODULE_NAME_MAX} autoComplete="off" />
          </Form.Item>
          <Form.Item name="status" label={t('modules.statusLabel')}>
            <AppSelect<ModuleStatus>
              allowClear={false}
              options={MODULE_STATUSES.map((s) => ({ value: s, label: t(`modules.statuses.${s}`) }))}
            />
          </Form.Item>
          <Divider titlePlacement="start" style={{ margin: '8px 0 12px' }}>
            <Typography.Text strong>{t('modules.approvalsTitle')}</Typography.Text>
          </Divider>
          <Form.Item
            name="rollbacksNeedApproval"
            label={t('modules.rollbacksNeedApproval')}
            extra={t('modules.rollbacksNeedApprovalHelp')}
            valuePropName="checked"
          >
            <Switch aria-label={t('modules.rollbacksNeedApproval')} />
          </Form.Item>
          <Form.Item
            name="bulkKnockOffNeedsApproval"
            label={t('modules.bulkKnockOffNeedsApproval')}
            extra={t('modules.bulkKnockOffNeedsApprovalHelp')}
            valuePropName="checked"
          >
            <Switch aria-label={t('modules.bulkKnockOffNeedsApproval')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
