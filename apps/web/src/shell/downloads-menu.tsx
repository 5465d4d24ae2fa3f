import { DownloadOutlined } from '@ant-design/icons';
import { DOWNLOAD_ENTRIES, hasPrivilege, SIDEBAR_FLYOUT_CLOSE_DELAY_MS } from '@recon/contract';
import { Button, Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '@/lib/access-context';

/**
 * Downloads has no page of its own: a dropdown of the download lists the user may see. It opens on click
 * while the sidebar is expanded and on hover while collapsed, and closes 150 ms after the pointer leaves.
 */
export function DownloadsMenu({ isCollapsed }: { isCollapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { held } = useAccess();
  const [isOpen, setIsOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const entries = DOWNLOAD_ENTRIES.filter((entry) => hasPrivilege(held, entry.privilege));

  const cancelClose = () => clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setIsOpen(false), SIDEBAR_FLYOUT_CLOSE_DELAY_MS);
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (entries.length === 0) return null;
  const label = t('shell.downloads');

  return (
    <Dropdown
      open={isOpen}
      trigger={isCollapsed ? ['hover'] : ['click']}
      placement={isCollapsed ? 'topLeft' : 'top'}
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
      }}
      popupRender={(menu) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: pointer tracking for the close delay only; the menu inside is the interactive part
        <div onMouseEnter={cancelClose} onMouseLeave={scheduleClose}>
          {menu}
        </div>
      )}
    >
      <Button
        type="text"
        icon={<DownloadOutlined />}
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
