import type { RoleDetail } from '@recon/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateRole } from '@/features/roles/api/create-role';
import { setFieldMessages } from '@/lib/form-errors';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showSuccessToast } from '@/lib/toast';

type Kind = 'PLAIN' | 'MAKER' | 'CHECKER';
type Values = { name: string; kind: Kind };
type Props = { open: boolean; onClose: () => void; onCreated: (role: RoleDetail) => void };

/** A new role: its name (ROLE_…) and whether it is a maker or a checker role; privileges are granted after. */
export function CreateRoleModal({ open, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();

  const onFinish = async (values: Values) => {
    let created: RoleDetail | undefined;
    const errors = await saveWithFieldErrors(async () => {
      created = await create.mutateAsync({
        name: values.name.trim().toUpperCase(),
        isMaker: values.kind === 'MAKER',
        isChecker: values.kind === 'CHECKER',
        privilegeCodes: [],
      });
    });
    if (errors) {
      setFieldMessages(
        form,
        errors.map((e) => (e.name[0] === 'isChecker' ? { ...e, name: ['kind'] } : e)),
      );
      return;
    }
    if (created) {
      showSuccessToast(t('roles.created'));
      onCreated(created);
    }
  };

  return (
    <Modal
      open={open}
      title={t('roles.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('roles.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: 'ROLE_', kind: 'PLAIN' }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          extra={t('roles.nameHelp')}
          rules={[
            { required: true, whitespace: true, message: t('roles.nameRequired') },
            { pattern: /^ROLE_[A-Za-z0-9_]+$/, message: t('roles.nameFormat') },
          ]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('roles.kind')}>
          <Radio.Group
            options={[
              { value: 'PLAIN', label: t('roles.kinds.PLAIN') },
              { value: 'MAKER', label: t('roles.maker') },
              { value: 'CHECKER', label: t('roles.checker') },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
