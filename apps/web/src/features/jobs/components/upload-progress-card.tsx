import { CloseOutlined, DownOutlined, StopOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadState } from '@/features/jobs/use-upload-queue';

const STATE_COLOR: Readonly<Record<UploadState, string>> = {
  PENDING: 'warning',
  STARTED: 'processing',
  FINISHED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
const CARD_WIDTH_PX = 380;

type Props = {
  items: readonly UploadItem[];
  isBusy: boolean;
  onCancel: (id: string) => void;
  onDismiss: () => void;
};

/** The upload progress card: opens when uploads are added, one line per file with its progress and state. */
export function UploadProgressCard({ items, isBusy, onCancel, onDismiss }: Props) {
  const { t } = useTranslation();
  const [isCollapsed, setIsCollapsed] = useState(false);
  if (items.length === 0) return null;
  const active = items.filter((i) => i.curState === 'PENDING' || i.curState === 'STARTED').length;

  return (
    <Card
      role="region"
      aria-label={t('jobs.upload.cardTitle')}
      size="small"
      title={active > 0 ? t('jobs.upload.cardCount', { count: active }) : t('jobs.upload.cardTitle')}
      style={{
        position: 'fixed',
        right: 24,
        bottom: 24,
        width: CARD_WIDTH_PX,
        zIndex: 1000,
        boxShadow: '0 6px 16px rgba(0,0,0,0.16)',
      }}
      styles={{ body: { display: isCollapsed ? 'none' : undefined, maxHeight: 320, overflowY: 'auto' } }}
      extra={
        <Flex gap={4}>
          <Button
            type="text"
            size="small"
            icon={isCollapsed ? <UpOutlined /> : <DownOutlined />}
            aria-label={isCollapsed ? t('jobs.upload.expand') : t('jobs.upload.collapse')}
            onClick={() => setIsCollapsed(!isCollapsed)}
          />
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            disabled={isBusy}
            aria-label={t('jobs.upload.dismiss')}
            onClick={onDismiss}
          />
        </Flex>
      }
    >
      <Flex vertical gap={10}>
        {items.map((item) => (
          <div key={item.id} data-testid="upload-item">
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text ellipsis={{ tooltip: item.file.name }} style={{ flex: 1, minWidth: 0 }}>
                {item.file.name}
              </Typography.Text>
              <Tag color={STATE_COLOR[item.curState]} style={{ marginInlineEnd: 0 }}>
                {t(`jobs.upload.states.${item.curState}`)}
              </Tag>
              {(item.curState === 'PENDING' || item.curState === 'STARTED') && (
                <Tooltip title={t('jobs.upload.cancel')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<StopOutlined />}
                    aria-label={`${t('jobs.upload.cancel')} ${item.file.name}`}
                    onClick={() => onCancel(item.id)}
                  />
                </Tooltip>
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.pipelineName}
            </Typography.Text>
            <Progress
              percent={item.curProgress}
              size="small"
              status={item.curState === 'STARTED' ? 'active' : 'normal'}
              showInfo={item.curState !== 'CANCELLED'}
              aria-label={`${item.file.name} ${item.curProgress}%`}
            />
          </div>
        ))}
      </Flex>
    </Card>
  );
}
