import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { EmptyState } from '@/ui/empty-state';

/** Where View All leads: the lien action history. */
export const LIEN_ACTION_HISTORY_PATH = PATHS.lienActionHistory;

/**
 * The latest lien requests. Lien marking is not built yet, so there are no requests to list: the flyout
 * shows its empty state and the link to the full history.
 */
export function NotificationsFlyout() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Popover
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger="click"
      placement="bottomRight"
      title={t('shell.notifications')}
      content={
        <Flex vertical style={{ width: 320 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('shell.lienRequests')}
          </Typography.Text>
          <EmptyState />
          <Flex justify="flex-end">
            <Link to={LIEN_ACTION_HISTORY_PATH} onClick={() => setIsOpen(false)}>
              {t('shell.viewAll')}
            </Link>
          </Flex>
        </Flex>
      }
    >
      <Badge count={0} size="small">
        <Button type="text" shape="circle" icon={<BellOutlined />} aria-label={t('shell.notifications')} />
      </Badge>
    </Popover>
  );
}
