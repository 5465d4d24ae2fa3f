import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SafetyOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { RELEASE_LABEL } from '@recon/contract/constants';
import type { VisibleNavSection } from '@recon/contract/nav';
import { roleDisplayName } from '@recon/contract/privileges';
import { Avatar, Button, Dropdown, type MenuProps, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '@/app/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useSignedInUser } from '@/lib/session';
import { leavesOf } from '@/shell/use-visible-nav';

const SETTINGS_PATH = PATHS.settings;
const LOGOUT_KEY = 'logout';
const PASSWORD_KEY = 'change-password';
const AUTHENTICATOR_KEY = 'authenticator';

// Loaded when asked for: the form and its schemas are not part of the frame.
const ChangePasswordModal = lazy(() =>
  import('@/shell/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);
const AuthenticatorModal = lazy(() =>
  import('@/shell/authenticator-modal').then((m) => ({ default: m.AuthenticatorModal })),
);

/** Who is signed in, the settings pages they may open, Settings and Logout (always there). */
export function UserMenu({ sections }: { sections: readonly VisibleNavSection[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const logout = useLogout();
  const [isChangingPassword, setChangingPassword] = useState(false);
  const [isAuthenticatorOpen, setAuthenticatorOpen] = useState(false);
  const settings = sections.find((s) => s.basePath === SETTINGS_PATH);
  const settingsPages = settings ? leavesOf(settings.items) : [];
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() || user.userName : '';

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <div>
          <Typography.Text strong>{fullName}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {user?.rolesName.map(roleDisplayName).join(', ')}
          </Typography.Text>
        </div>
      ),
    },
    { type: 'divider' },
    { key: SETTINGS_PATH, icon: <SettingOutlined />, label: t('shell.settings') },
    ...settingsPages.map((page) => ({ key: page.fullPath, label: t(`nav.${page.fullPath}`) })),
    { type: 'divider' },
    { key: PASSWORD_KEY, icon: <KeyOutlined />, label: t('account.changePassword') },
    { key: AUTHENTICATOR_KEY, icon: <SafetyOutlined />, label: t('account.authenticator') },
    { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: t('shell.logout'), danger: true },
    { type: 'divider' },
    {
      key: 'release',
      disabled: true,
      label: (
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {t('common.release', { label: RELEASE_LABEL })}
        </Typography.Text>
      ),
    },
  ];

  return (
    <>
      {isChangingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordModal open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
      {isAuthenticatorOpen && (
        <Suspense fallback={null}>
          <AuthenticatorModal onClose={() => setAuthenticatorOpen(false)} />
        </Suspense>
      )}
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === LOGOUT_KEY) logout.mutate();
            else if (key === PASSWORD_KEY) setChangingPassword(true);
            else if (key === AUTHENTICATOR_KEY) setAuthenticatorOpen(true);
            else navigate(key);
          },
        }}
      >
        <Button type="text" aria-label={t('shell.userMenu')} style={{ height: 40 }}>
          <Avatar size="small" icon={<UserOutlined />} src={user?.profilePicPath || undefined} />
          <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>{fullName}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </>
  );
}
