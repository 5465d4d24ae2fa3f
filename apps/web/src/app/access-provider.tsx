import { SETTING_KEYS, type SignedInUser } from '@recon/contract';
import { NUMBER_FORMATS } from '@recon/contract/constants';
import { type ReactNode, useMemo } from 'react';
import { Outlet } from 'react-router';
import { usePrivileges } from '@/features/access/api/get-privileges';
import { navFilterFromSettings } from '@/features/access/nav-filter';
import { type Access, AccessContextProvider } from '@/lib/access-context';
import { numberLocaleFromSetting } from '@/lib/format';
import { NumberLocaleProvider } from '@/lib/number-format';
import { useGlobalSettings } from '@/lib/reads/global-settings';
import { useSignedInUser } from '@/lib/session';
import { FullPageSpinner } from '@/ui/full-page-spinner';
import { QueryError } from '@/ui/query-error';

function AccessLoader({ user, children }: { user: SignedInUser; children: ReactNode }) {
  const privileges = usePrivileges(user);
  const navSettings = useGlobalSettings('SHOW_NAV_ITEM_FOR_MODULES');
  const userSettings = useGlobalSettings('USER');
  const { refetch } = privileges;

  const access = useMemo<Access | null>(
    () =>
      privileges.data
        ? {
            held: new Set(privileges.data),
            navFilter: navFilterFromSettings(navSettings.data ?? []),
            refreshPrivileges: () => refetch(),
          }
        : null,
    [privileges.data, navSettings.data, refetch],
  );
  const numberLocale = numberLocaleFromSetting(
    userSettings.data?.find((s) => s.settingKey === SETTING_KEYS.NUMBER_FORMAT)?.settingValue ?? NUMBER_FORMATS.indian,
  );

  if (!access) {
    if (privileges.isError) return <QueryError onRetry={() => void refetch()} />;
    return <FullPageSpinner />;
  }
  return (
    <AccessContextProvider value={access}>
      <NumberLocaleProvider value={numberLocale}>{children}</NumberLocaleProvider>
    </AccessContextProvider>
  );
}

/** Loads what the user may see (privileges, module-filtered nav, number format) for the signed-in area. */
export function AccessProvider({ children }: { children?: ReactNode }) {
  const user = useSignedInUser();
  if (!user) return null;
  return (
    <AccessLoader key={user.id} user={user}>
      {children ?? <Outlet />}
    </AccessLoader>
  );
}
