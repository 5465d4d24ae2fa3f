import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@recon/contract';
import { Badge, Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PATHS } from '@/app/paths';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useMarkNotificationRead, useNotificationBell } from '@/lib/reads/notifications';
import { EmptyState } from '@/ui/empty-state';

/** Where View All leads: every alert, in My Jobs › Alerts. */
export const ALERTS_PATH = PATHS.alerts;

/**
 * The bell (privilege notificationCenter, checked by the layout): the unread count of the signed-in user's alerts in
 * the module and the latest five, each with View Details to what it is about (and read from then on), and View All.
 * The count is asked again every minute and when the window gets focus back.
 */
export function NotificationsFlyout() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [isOpen, setIsOpen] = useState(false);
  const bell = useNotificationBell(current.id, true);
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const unread = bell.data?.unreadCount ?? 0;
  const latest = bell.data?.latest ?? [];

  const open = (n: Notification) => {
    setIsOpen(false);
    if (!n.readAt) markRead.mutate(n.id);
    if (n.link) void navigate(n.link);
  };

  return (
    <Popover
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger="click"
      placement="bottomRight"
      title={
        <Flex justify="space-between" align="baseline">
          <span>{t('shell.notifications')}</span>
          {unread > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
              {t('bell.unread', { count: unread })}
            </Typography.Text>
          )}
        </Flex>
      }
      content={
        <Flex vertical gap={4} style={{ width: 360 }}>
          {latest.length === 0 ? (
            <EmptyState description={t('bell.empty')} />
          ) : (
            latest.map((n) => (
              <Flex
                key={n.id}
                vertical
                gap={2}
                data-testid="bell-item"
                style={{
                  padding: '8px 10px',
                  borderRadius: 6,
                  background: n.readAt ? undefined : 'rgba(22, 119, 255, 0.06)',
                }}
              >
                <Typography.Text strong={!n.readAt} style={{ fontSize: 13 }}>
                  {n.title}
                </Typography.Text>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.kindLabel} · {formatDateTime(n.createdAt)}
                  </Typography.Text>
                  {n.link && (
                    <Button
                      type="link"
                      size="small"
                      style={{ padding: 0, height: 'auto' }}
                      aria-label={`${t('bell.viewDetails')}: ${n.title}`}
                      onClick={() => open(n)}
                    >
                      {t('bell.viewDetails')}
                    </Button>
                  )}
                </Flex>
              </Flex>
            ))
          )}
          <Flex justify="flex-end" style={{ paddingTop: 4 }}>
            <Link to={ALERTS_PATH} onClick={() => setIsOpen(false)}>
              {t('shell.viewAll')}
            </Link>
          </Flex>
        </Flex>
      }
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={
            unread > 0
              ? `${t('shell.notifications')} (${t('bell.unread', { count: unread })})`
              : t('shell.notifications')
          }
        />
      </Badge>
    </Popover>
  );
}
