import type { SignedInUser } from '@recon/contract';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAssignDepartment } from '@/features/auth/api/assign-department';
import { useDepartments } from '@/lib/reads/departments';
import { updateSignedInUser } from '@/lib/session';
import { showErrorToast, showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

type Props = { user: SignedInUser };

/** Sends the user's department for approval; the page then shows the request as raised. */
export function DepartmentPicker({ user }: Props) {
  const { t } = useTranslation();
  const departments = useDepartments();
  const assign = useAssignDepartment();

  const onFinish = ({ departmentId }: { departmentId: number }) =>
    assign.mutate(
      { userId: user.id, body: { departmentId, ssoTemporaryToken: user.ssoTemporaryToken } },
      {
        onSuccess: () => {
          showSuccessToast(t('auth.unassigned.departmentAssigned'));
          const department = departments.data?.find((d) => d.id === departmentId) ?? null;
          updateSignedInUser({ userDepartment: department, registrationStatus: 'RAISED_FOR_APPROVAL' });
        },
        onError: () => showErrorToast([t('auth.unassigned.departmentFailed')]),
      },
    );

  return (
    <Form<{ departmentId: number }>
      layout="vertical"
      requiredMark={false}
      validateTrigger="onBlur"
      onFinish={onFinish}
      initialValues={{ departmentId: user.userDepartment?.id }}
      style={{ textAlign: 'left' }}
    >
      <Form.Item
        name="departmentId"
        label={t('auth.unassigned.department')}
        rules={[{ required: true, message: t('auth.unassigned.selectDepartment') }]}
      >
        <AppSelect<number>
          loading={departments.isPending}
          options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={assign.isPending}>
        {t('auth.unassigned.sendForApproval')}
      </Button>
    </Form>
  );
}
