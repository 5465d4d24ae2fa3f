import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useHasPrivilege } from '@/lib/access-context';
import { useBrand } from '@/lib/brand-context';
import { useModuleSelection } from '@/lib/module-context';
import { useSidebarCollapsed } from '@/lib/sidebar-state';
import { DownloadsMenu } from '@/shell/downloads-menu';
import { ModuleSwitcher } from '@/shell/module-switcher';
import { NavMenu } from '@/shell/nav-menu';
import { NotificationsFlyout } from '@/shell/notifications-flyout';
import { MAIN_CONTENT_ID, SkipLink } from '@/shell/skip-link';
import { useRememberVisit } from '@/shell/use-remember-visit';
import { useVisibleNav } from '@/shell/use-visible-nav';
import { UserMenu } from '@/shell/user-menu';
import { BrandLogo } from '@/ui/brand-logo';
import { ContentSpinner } from '@/ui/full-page-spinner';
import { ErrorBoundary } from '@/ui/render-failure';

const SIDER_WIDTH_PX = 248;
const SIDER_COLLAPSED_WIDTH_PX = 72;

/** The signed-in frame: sidebar with the nav tree and downloads, header with product, alerts and user menu. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const sections = useVisibleNav();
  const [isCollapsed, setIsCollapsed] = useSidebarCollapsed();
  const canSeeNotifications = useHasPrivilege({ code: 'notificationCenter' });
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  useRememberVisit(current.id);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Layout.Sider
        collapsible
        collapsed={isCollapsed}
        trigger={null}
        width={SIDER_WIDTH_PX}
        collapsedWidth={SIDER_COLLAPSED_WIDTH_PX}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'hidden' }}
      >
        <Flex vertical style={{ height: '100%' }}>
          <Link to="/" style={{ display: 'flex', alignItems: 'center', height: 64, padding: '0 22px', flexShrink: 0 }}>
            <BrandLogo brand={brand} isCompact={isCollapsed} isOnDark />
          </Link>
          <nav aria-label={brand.name} style={{ flex: 1, overflowY: 'auto', overflowX: 'hidden' }}>
            <NavMenu sections={sections} isCollapsed={isCollapsed} />
          </nav>
          <div style={{ padding: 8, borderTop: '1px solid rgba(255,255,255,0.08)' }}>
            <DownloadsMenu isCollapsed={isCollapsed} />
          </div>
        </Flex>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            padding: '0 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setIsCollapsed(!isCollapsed)}
            aria-label={isCollapsed ? t('shell.expand') : t('shell.collapse')}
          />
          <ModuleSwitcher />
          <Flex flex={1} justify="flex-end" align="center" gap={8}>
            {canSeeNotifications && <NotificationsFlyout />}
            <UserMenu sections={sections} />
          </Flex>
        </Layout.Header>
        {/* The focus target of the skip link: reachable by script, not a Tab stop of its own. */}
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: 24, outline: 'none' }}>
          {/* Keyed by path: a failure on one page clears when the user navigates away. */}
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<ContentSpinner />}>{children ?? <Outlet />}</Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
