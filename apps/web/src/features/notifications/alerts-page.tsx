import { CheckOutlined } from '@ant-design/icons';
import { NOTIFICATION_TEXTS, type Notification } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Button, Card, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '@/lib/reads/notifications';
import { DATE_TIME_COLUMN_WIDTH } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Show = 'all' | 'unread';

/**
 * My Jobs › Alerts (privilege notificationCenter): every alert of the signed-in user in the module, newest first,
 * paged on the server; each opens what it is about (and is read from then on); one or all can be marked read.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const { current } = useModuleSelection();
  const navigate = useNavigate();
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(brand.defaultPageSize);
  const alerts = useNotifications(current.id, {
    start: (page - 1) * size,
    length: size,
    unreadOnly: show === 'unread',
  });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead(NOTIFICATION_TEXTS.markedAllRead);
  const unread = alerts.data?.unreadCount ?? 0;

  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id);
    if (n.link) void navigate(n.link);
  };

  return (
    <>
      <PageHeader title={t('alerts.title')} description={t('alerts.description')} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} align="center" justify="space-between" wrap>
          <Segmented<Show>
            aria-label={t('alerts.show')}
            value={show}
            onChange={(value) => {
              setShow(value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('alerts.all') },
              { value: 'unread', label: t('alerts.unreadOnly', { count: unread }) },
            ]}
          />
          <Button
            icon={<CheckOutlined />}
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('alerts.markAllRead')}
          </Button>
        </Flex>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        {alerts.isError && !alerts.data ? (
          <QueryError onRetry={() => void alerts.refetch()} />
        ) : (
          <Table<Notification>
            rowKey="id"
            loading={alerts.isPending || (alerts.isFetching && alerts.isPlaceholderData)}
            dataSource={alerts.data?.data ?? []}
            locale={{ emptyText: <EmptyState description={t('alerts.none')} /> }}
            pagination={{
              current: page,
              pageSize: size,
              total: alerts.data?.recordsTotal ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize !== size ? 1 : nextPage);
                setSize(nextSize);
              },
            }}
            columns={[
              {
                title: t('alerts.alert'),
                key: 'title',
                render: (_, n) => (
                  <Flex vertical gap={2}>
                    <Typography.Text strong={!n.readAt}>{n.title}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {n.kindLabel}
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                title: t('alerts.status'),
                key: 'status',
                width: 110,
                render: (_, n) =>
                  n.readAt ? <Tag>{t('alerts.read')}</Tag> : <Tag color="blue">{t('alerts.unread')}</Tag>,
              },
              {
                title: t('alerts.receivedAt'),
                dataIndex: 'createdAt',
                key: 'createdAt',
                width: DATE_TIME_COLUMN_WIDTH,
                render: (value: string) => formatDateTime(value),
              },
              {
                title: t('alerts.actions'),
                key: 'actions',
                width: 210,
                render: (_, n) => (
                  <Flex gap={4}>
                    {n.link && (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => open(n)}
                        aria-label={`${t('alerts.open')}: ${n.title}`}
                      >
                        {t('alerts.open')}
                      </Button>
                    )}
                    {!n.readAt && (
                      <Button size="small" type="link" onClick={() => markRead.mutate(n.id)}>
                        {t('alerts.markRead')}
                      </Button>
                    )}
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
    </>
  );
}
