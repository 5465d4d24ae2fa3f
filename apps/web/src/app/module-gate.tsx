import { Button, Flex, Result } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '@/features/auth/api/logout';
import { useAssignedModules } from '@/features/modules/api/get-assigned-modules';
import { useLandingModuleId } from '@/features/modules/api/get-landing-module';
import { basePathOf } from '@/lib/last-visited';
import { ModuleContextProvider, type ModuleSelection } from '@/lib/module-context';
import { redirectPathFor, selectModule } from '@/lib/module-switch';
import { useSelectedModuleId } from '@/lib/session';
import { FullPageSpinner } from '@/ui/full-page-spinner';
import { QueryError } from '@/ui/query-error';

/**
 * Resolves the module the user works in before anything module-scoped loads: the stored one if it is
 * still assigned, otherwise the first assigned. Right after sign-in (none stored) it is the module the user last
 * worked in that has data (Find=Landing), so nobody lands in an empty module that happens to come first.
 * A user with no module is told so.
 */
export function ModuleGate({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const modules = useAssignedModules();
  const storedId = useSelectedModuleId();
  const logout = useLogout();
  const isLanding = storedId === null && (modules.data?.length ?? 0) > 1;
  const landing = useLandingModuleId(isLanding);
  const isWaitingForLanding = isLanding && landing.isPending;
  const landed = isLanding ? modules.data?.find((m) => m.id === landing.data) : undefined;
  const current = isWaitingForLanding
    ? undefined
    : (modules.data?.find((m) => m.id === storedId) ?? landed ?? modules.data?.[0]);

  useEffect(() => {
    if (current && current.id !== storedId) selectModule(current.id);
  }, [current, storedId]);

  const switchModule = useCallback(
    (moduleId: number) => {
      selectModule(moduleId);
      navigate(redirectPathFor(basePathOf(pathname)), { replace: true });
    },
    [navigate, pathname],
  );

  const selection = useMemo<ModuleSelection | null>(
    () => (current && modules.data ? { modules: modules.data, current, switchModule } : null),
    [current, modules.data, switchModule],
  );

  if (modules.isPending || isWaitingForLanding) return <FullPageSpinner />;
  if (modules.isError) return <QueryError onRetry={() => void modules.refetch()} />;
  if (modules.data.length === 0) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
        <Result
          status="info"
          title={t('auth.unassigned.noModule')}
          extra={
            <Button type="primary" onClick={() => logout.mutate()} loading={logout.isPending}>
              {t('shell.logout')}
            </Button>
          }
        />
      </Flex>
    );
  }
  // Only while the first assigned module is being stored; the next render has it.
  if (!selection || current?.id !== storedId) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Result status="info" title={t('auth.unassigned.selectProduct')} />
      </Flex>
    );
  }
  return <ModuleContextProvider value={selection}>{children ?? <Outlet />}</ModuleContextProvider>;
}
