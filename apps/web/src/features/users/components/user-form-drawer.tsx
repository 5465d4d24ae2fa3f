import { type AppUserDetail, SETTING_KEYS, USER_NAME_MAX } from '@recon/contract';
import { roleDisplayName } from '@recon/contract/privileges';
import { Alert, Button, Drawer, Flex, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/features/users/api/get-users';
import { useSaveUser } from '@/features/users/api/save-user';
import { useAccess } from '@/lib/access-context';
import { setFieldMessages } from '@/lib/form-errors';
import { useDepartments } from '@/lib/reads/departments';
import { useGlobalSettings } from '@/lib/reads/global-settings';
import { useModules } from '@/lib/reads/modules';
import { useRoles } from '@/lib/reads/roles';
import { saveWithFieldErrors } from '@/lib/save-form';
import { useSignedInUser } from '@/lib/session';
import { showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';
import { QueryError } from '@/ui/query-error';

type Values = {
  userName: string;
  firstName: string;
  lastName?: string;
  email: string;
  contactNumber?: string;
  rolesName: string[];
  moduleIds: number[];
  departmentId?: number;
};

/** `null`: closed; `'new'`: create; a number: edit that user. */
export type UserDrawerTarget = null | 'new' | number;
type Props = { target: UserDrawerTarget; onClose: () => void };

/** Create or edit a user: name, email, phone (required when the setting says so), roles, modules, department. */
export function UserFormDrawer({ target, onClose }: Props) {
  const { t } = useTranslation();
  const editId = typeof target === 'number' ? target : null;
  const user = useUser(editId);
  const isLoading = editId !== null && user.isPending;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size="min(560px, 100vw)"
      destroyOnHidden
      title={editId !== null ? t('users.editTitle', { userName: user.data?.userName ?? '' }) : t('users.createTitle')}
    >
      {isLoading ? (
        <Skeleton active />
      ) : editId !== null && user.isError ? (
        <QueryError onRetry={() => void user.refetch()} />
      ) : (
        target !== null && <UserForm user={editId !== null ? user.data : undefined} onDone={onClose} />
      )}
    </Drawer>
  );
}

function UserForm({ user, onDone }: { user: AppUserDetail | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveUser();
  const me = useSignedInUser();
  const { refreshPrivileges } = useAccess();
  const roles = useRoles();
  const modules = useModules();
  const departments = useDepartments();
  const settings = useGlobalSettings('USER');
  const phoneSetting = settings.data?.find(
    (s) => s.settingKey === SETTING_KEYS.IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION,
  );
  // The server reads a setting as on for true, yes, 1 or on.
  const isPhoneRequired = ['true', 'yes', '1', 'on'].includes(phoneSetting?.settingValue.trim().toLowerCase() ?? '');

  const onFinish = async (values: Values) => {
    const fields = {
      firstName: values.firstName.trim(),
      lastName: values.lastName?.trim() ?? '',
      email: values.email.trim(),
      contactNumber: values.contactNumber?.trim() || null,
      rolesName: values.rolesName,
      moduleIds: values.moduleIds,
      departmentId: values.departmentId ?? null,
    };
    const errors = await saveWithFieldErrors(async () => {
      await save.mutateAsync(user ? { id: user.id, ...fields } : { userName: values.userName.trim(), ...fields });
      showSuccessToast(user ? t('users.updated') : t('users.created'));
      // Their own roles changed: what this admin may see changes too.
      if (user && user.id === me?.id) void refreshPrivileges();
      onDone();
    });
    if (errors) setFieldMessages(form, errors);
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      name="userForm"
      initialValues={
        user
          ? {
              userName: user.userName,
              firstName: user.firstName,
              lastName: user.lastName,
              email: user.email ?? '',
              contactNumber: user.contactNumber ?? undefined,
              rolesName: user.rolesName,
              moduleIds: user.moduleIds,
              departmentId: user.departmentId ?? undefined,
            }
          : { rolesName: [], moduleIds: [] }
      }
      onFinish={(values) => void onFinish(values)}
    >
      {!user && <Alert type="info" showIcon title={t('users.invitationHelp')} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="userName"
        label={t('users.userName')}
        extra={user ? undefined : t('users.userNameHelp')}
        rules={[{ required: true, whitespace: true, message: t('users.userNameRequired') }]}
      >
        <Input disabled={Boolean(user)} maxLength={USER_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          name="firstName"
          label={t('users.firstName')}
          style={{ flex: 1 }}
          rules={[{ required: true, whitespace: true, message: t('users.firstNameRequired') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="lastName" label={t('users.lastName')} style={{ flex: 1 }}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item
        name="email"
        label={t('users.email')}
        rules={[
          { required: true, whitespace: true, message: t('users.emailRequired') },
          { type: 'email', message: t('users.emailInvalid') },
        ]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="contactNumber"
        label={isPhoneRequired ? t('users.contactNumber') : t('users.contactNumberOptional')}
        rules={[
          { required: isPhoneRequired, whitespace: true, message: t('users.phoneRequired') },
          { pattern: /^\+?\d{7,15}$/, message: t('users.phoneInvalid') },
        ]}
      >
        <Input inputMode="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="rolesName"
        label={t('users.roles')}
        rules={[{ required: true, type: 'array', min: 1, message: t('users.rolesRequired') }]}
      >
        <AppSelect<string[]>
          mode="multiple"
          loading={roles.isPending}
          options={(roles.data ?? []).map((r) => ({ value: r.name, label: roleDisplayName(r.name) }))}
        />
      </Form.Item>
      <Form.Item
        name="moduleIds"
        label={t('users.modules')}
        rules={[{ required: true, type: 'array', min: 1, message: t('users.modulesRequired') }]}
      >
        <AppSelect<number[]>
          mode="multiple"
          loading={modules.isPending}
          options={(modules.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        />
      </Form.Item>
      <Form.Item name="departmentId" label={t('users.department')}>
        <AppSelect<number>
          loading={departments.isPending}
          options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
      </Form.Item>
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {user ? t('common.save') : t('users.create')}
        </Button>
      </Flex>
    </Form>
  );
}
