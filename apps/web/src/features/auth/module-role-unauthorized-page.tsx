import { Button, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { departmentPickerMode, unassignedMessageKey } from '@/features/auth/access-pending';
import { DepartmentPicker } from '@/features/auth/components/department-picker';
import { endSession } from '@/lib/http';
import { useSignedInUser } from '@/lib/session';

/** Shown to a signed-in user who has no role and module yet, with the department request when it applies. */
export default function ModuleRoleUnauthorizedPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const user = useSignedInUser();
  const [isEditing, setIsEditing] = useState(false);
  const isDepartmentFlow = searchParams.get('flow') === 'department-selection';
  const messageKey = unassignedMessageKey(user);
  const pickerMode = isDepartmentFlow && user ? departmentPickerMode(user) : 'hidden';
  const isPickerShown = user !== null && (pickerMode === 'shown' || (pickerMode === 'behindLink' && isEditing));

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Result
        status="info"
        title={t(`auth.unassigned.${messageKey}`)}
        subTitle={t('auth.unassigned.reachOut')}
        style={{ maxWidth: 560 }}
        extra={
          <Flex vertical gap={16} align="center">
            {isDepartmentFlow && user?.userDepartment && !isPickerShown && (
              <Typography.Text type="secondary">
                {t('auth.unassigned.currentDepartment', { name: user.userDepartment.name })}
              </Typography.Text>
            )}
            {pickerMode === 'behindLink' && !isEditing && (
              <Button type="link" onClick={() => setIsEditing(true)}>
                {t('auth.unassigned.editDepartment')}
              </Button>
            )}
            {isPickerShown && (
              <div style={{ width: 320 }}>
                <DepartmentPicker user={user} />
              </div>
            )}
            <Button type={isPickerShown ? 'default' : 'primary'} onClick={() => endSession()}>
              {t('auth.loginButton')}
            </Button>
          </Flex>
        }
      />
    </Flex>
  );
}
