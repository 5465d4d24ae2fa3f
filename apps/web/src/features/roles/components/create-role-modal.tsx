import type { RoleDetail } from '@recon/contract';
import { BUILT_IN_ROLES } from '@recon/contract/privileges';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateRole } from '@/features/roles/api/create-role';
import { useUpdateRole } from '@/features/roles/api/edit-role';
import { setFieldMessages } from '@/lib/form-errors';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showSuccessToast } from '@/lib/toast';

type Kind = 'PLAIN' | 'MAKER' | 'CHECKER';
type Values = { name: string; kind: Kind };
type Props = {
  open: boolean;
  /** The role to rename or re-flag; none to create one. */
  role?: RoleDetail;
  onClose: () => void;
  onSaved: (role: RoleDetail) => void;
};

const kindOf = (role: RoleDetail): Kind => (role.isMaker ? 'MAKER' : role.isChecker ? 'CHECKER' : 'PLAIN');

/**
 * A new role, or an existing one: its name (ROLE_…; a built-in role keeps its name) and whether it is a maker or a
 * checker role; privileges are granted on the page.
 */
export function CreateRoleModal({ open, role, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateRole();
  const update = useUpdateRole();
  const isBuiltIn = !!role && (BUILT_IN_ROLES as readonly string[]).includes(role.name);

  const onFinish = async (values: Values) => {
    let created: RoleDetail | undefined;
    const body = {
      name: values.name.trim().toUpperCase(),
      isMaker: values.kind === 'MAKER',
      isChecker: values.kind === 'CHECKER',
    };
    const errors = await saveWithFieldErrors(async () => {
      created = role
        ? await update.mutateAsync({ id: role.id, body })
        : await create.mutateAsync({ ...body, privilegeCodes: [] });
    });
    if (errors) {
      setFieldMessages(
        form,
        errors.map((e) => (e.name[0] === 'isChecker' ? { ...e, name: ['kind'] } : e)),
      );
      return;
    }
    if (created) {
      showSuccessToast(t(role ? 'roles.updated' : 'roles.created'));
      onSaved(created);
    }
  };

  return (
    <Modal
      open={open}
      title={role ? t('roles.editTitle') : t('roles.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={role ? t('common.save') : t('roles.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={role ? { name: role.name, kind: kindOf(role) } : { name: 'ROLE_', kind: 'PLAIN' }}
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          extra={isBuiltIn ? t('roles.builtInName') : role ? t('roles.renameHelp') : t('roles.nameHelp')}
          rules={[
            { required: true, whitespace: true, message: t('roles.nameRequired') },
            { pattern: /^ROLE_[A-Za-z0-9_]+$/, message: t('roles.nameFormat') },
          ]}
        >
          <Input maxLength={100} autoComplete="off" disabled={isBuiltIn} />
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
