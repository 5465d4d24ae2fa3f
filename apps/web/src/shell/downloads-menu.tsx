import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadRequest } from '@recon/contract';
import { SIDEBAR_FLYOUT_CLOSE_DELAY_MS } from '@recon/contract/constants';
import { DOWNLOAD_ENTRIES } from '@recon/contract/nav';
import { hasPrivilege } from '@recon/contract/privileges';
import { Badge, Button, Divider, Dropdown, Layout, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLatestDownloads } from '@/features/downloads/api/get-downloads';
import { useStartDownload } from '@/features/downloads/api/initiate-download';
import { LatestDownloads } from '@/features/downloads/components/latest-downloads';
import { useAccess } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';

/**
 * The sidebar's collapsed state reaches every Ant Design menu rendered under it, the dropdown's too (through the
 * portal): its entries would shrink to their first letters. The dropdown's list is never collapsed.
 */
const NOT_IN_COLLAPSED_SIDER = { siderCollapsed: false };

/**
 * Collapsed, the flyout opens to the right of the button, past the sidebar's edge: the button sits 8 px inside the
 * sidebar (its padding), and the flyout keeps 8 px from the edge.
 */
const COLLAPSED_ALIGN = { offset: [16, 0] };

/**
 * The Downloads dropdown: the latest 6 downloads (a ready one downloads on click), then the download pages the
 * user may see. The badge counts those SUBMITTED; while one is SUBMITTED or INPROCESS the list is asked again.
 * It opens on click while the sidebar is expanded and on hover while collapsed, and closes 150 ms after the
 * pointer leaves. Collapsed, it opens to the right of the sidebar, level with the button.
 */
export function DownloadsMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const { held } = useAccess();
  const { current } = useModuleSelection();
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const entries = DOWNLOAD_ENTRIES.filter((entry) => hasPrivilege(held, entry.privilege));
  const latest = useLatestDownloads(current.id, entries.length > 0);
  const startDownload = useStartDownload();

  const cancelClose = () => clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setIsOpen(false), SIDEBAR_FLYOUT_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (entries.length === 0) return null;
  const label = t('shell.downloads');
  const downloads = latest.data?.data ?? [];
  const submitted = downloads.filter((d) => d.status === 'SUBMITTED').length;
  const onDownload = (d: DownloadRequest) => {
    setIsOpen(false);
    startDownload.mutate(d.id);
  };

  return (
    <Dropdown
      open={isOpen}
      trigger={isCollapsed ? ['hover'] : ['click']}
      placement={isCollapsed ? 'rightBottom' : 'top'}
      {...(isCollapsed ? { align: COLLAPSED_ALIGN } : {})}
      mouseEnterDelay={0}
      mouseLeaveDelay={SIDEBAR_FLYOUT_CLOSE_DELAY_MS / 1000}
      onOpenChange={(next) => {
        cancelClose();
        setIsOpen(next);
      }}
      menu={{
        items: entries.map((entry) => ({ key: entry.path, label: t(`nav./downloads/${entry.path}`) })),
        onClick: ({ key }) => {
          setIsOpen(false);
          navigate(`/downloads/${key}`);
        },
        style: { boxShadow: 'none' },
      }}
      popupRender={(menu) => (
        <Layout._InternalSiderContext.Provider value={NOT_IN_COLLAPSED_SIDER}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer tracking for the close delay only; the list and menu inside are the interactive part */}
          <div
            onMouseEnter={cancelClose}
            onMouseLeave={scheduleClose}
            style={{
              background: token.colorBgElevated,
              borderRadius: token.borderRadiusLG,
              boxShadow: token.boxShadowSecondary,
            }}
          >
            <LatestDownloads downloads={downloads} isLoading={latest.isPending} onDownload={onDownload} />
            <Divider style={{ margin: 0 }} />
            {menu}
          </div>
        </Layout._InternalSiderContext.Provider>
      )}
    >
      <Button
        type="text"
        icon={
          <Badge
            count={submitted}
            size="small"
            offset={[2, -2]}
            title={t('downloads.submittedBadge', { count: submitted })}
          >
            <DownloadOutlined style={{ color: 'rgba(255,255,255,0.75)' }} />
          </Badge>
        }
        aria-label={label}
        aria-expanded={isOpen}
        onMouseEnter={cancelClose}
        onMouseLeave={scheduleClose}
        block
        style={{ color: 'rgba(255,255,255,0.75)', justifyContent: isCollapsed ? 'center' : 'flex-start', height: 40 }}
      >
        {!isCollapsed && label}
      </Button>
    </Dropdown>
  );
}
