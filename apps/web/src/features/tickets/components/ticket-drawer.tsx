import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { TICKET_STATUS_LABELS, type TicketAction, type TicketHistoryAction, type TicketUser } from '@recon/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Input,
  List,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTicket, useAddComment, useTicket, useTicketHistory } from '@/features/tickets/api/tickets-api';
import { TicketActionModal } from '@/features/tickets/components/ticket-action-modal';
import { TicketEmailThread } from '@/features/tickets/components/ticket-email-thread';
import { TicketForm } from '@/features/tickets/components/ticket-form';
import { TicketRows } from '@/features/tickets/components/ticket-rows';
import { formatDateTime } from '@/lib/format';
import { showErrorToast } from '@/lib/toast';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

const statusLabel = (value: string | null) =>
  value === null ? '' : (TICKET_STATUS_LABELS[value as keyof typeof TICKET_STATUS_LABELS] ?? value);

const people = (users: readonly TicketUser[]) =>
  users.length === 0
    ? '—'
    : users.map((u) => <Tag key={`${u.assignedToId}-${u.assignedToExternalEmail}`}>{u.assignedToName}</Tag>);

/** One ticket: its fields and people, the actions its status allows, comments, history, linked rows, download. */
export function TicketDrawer({
  moduleId,
  ticketId,
  onClose,
}: {
  moduleId: number;
  ticketId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ticket = useTicket(moduleId, ticketId);
  const history = useTicketHistory(moduleId, ticketId);
  const addComment = useAddComment(moduleId);
  const [action, setAction] = useState<TicketAction | null>(null);
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState('');
  const [isDownloading, setDownloading] = useState(false);
  const d = ticket.data;

  const download = async () => {
    if (!d) return;
    setDownloading(true);
    try {
      await downloadTicket(d.id);
    } catch {
      showErrorToast([t('tickets.downloadFailed')]);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Drawer
      open={ticketId !== undefined}
      onClose={onClose}
      width={880}
      title={d ? t('tickets.number', { id: d.id, title: d.title }) : t('tickets.loading')}
      extra={
        d && (
          <Space>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('tickets.edit')}
            </Button>
            <Button icon={<DownloadOutlined />} loading={isDownloading} onClick={() => void download()}>
              {t('tickets.download')}
            </Button>
          </Space>
        )
      }
    >
      {ticket.isError && !d ? (
        <QueryError onRetry={() => void ticket.refetch()} />
      ) : !d ? null : (
        <>
          {d.knockOffApprovalIds.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('tickets.closeRows.waiting')}
              description={t('tickets.closeRows.waitingHelp')}
            />
          )}
          <Flex gap={8} wrap style={{ marginBottom: 16 }}>
            {/* While its knock-off waits for approval, the ticket is not closed another way. */}
            {d.allowedActions
              .filter((a) => a !== 'close' || d.knockOffApprovalIds.length === 0)
              .map((a) => (
                <Button
                  key={a}
                  danger={a === 'close'}
                  type={a === 'reassign' ? 'primary' : 'default'}
                  onClick={() => setAction(a)}
                >
                  {t(`tickets.actions.${a}`)}
                </Button>
              ))}
          </Flex>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('tickets.status')}>
              <StatusTag status={d.status} label={d.statusLabel} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.priority')}>{t(`tickets.priorities.${d.priority}`)}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.type')}>{t(`tickets.types.${d.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.dueDate')}>
              <Typography.Text type={d.isOverdue ? 'danger' : undefined}>
                {formatDateTime(d.dueDate)}
                {d.isOverdue ? ` · ${t('tickets.overdue')}` : ''}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.assignees')}>{people(d.assignees)}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.cc')}>{people(d.cced)}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.createdBy')}>
              {d.createdBy} · {formatDateTime(d.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('tickets.assignedBy')}>{d.assignedBy ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tickets.tags')} span={2}>
              {d.tags.length === 0 ? '—' : d.tags.map((tag) => <Tag key={tag}>{tag}</Tag>)}
            </Descriptions.Item>
            {d.description && (
              <Descriptions.Item label={t('tickets.description')} span={2}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {d.description}
                </Typography.Paragraph>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'comments',
                label: t('tickets.commentsTab', { count: d.comments.length }),
                children: (
                  <>
                    <List
                      dataSource={d.comments}
                      locale={{ emptyText: t('tickets.noComments') }}
                      renderItem={(c) => (
                        <List.Item>
                          <div>
                            <Typography.Text strong>{c.createdBy}</Typography.Text>{' '}
                            <Typography.Text type="secondary">{formatDateTime(c.createdAt)}</Typography.Text>
                            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
                              {c.comment}
                            </Typography.Paragraph>
                          </div>
                        </List.Item>
                      )}
                    />
                    <Input.TextArea
                      aria-label={t('tickets.newComment')}
                      placeholder={t('tickets.newComment')}
                      rows={3}
                      value={comment}
                      maxLength={65000}
                      onChange={(e) => setComment(e.target.value)}
                      style={{ marginTop: 8 }}
                    />
                    <Button
                      type="primary"
                      style={{ marginTop: 8 }}
                      disabled={!comment.trim()}
                      loading={addComment.isPending}
                      onClick={() =>
                        void addComment.mutateAsync({ ticketId: d.id, comment }).then(() => setComment(''))
                      }
                    >
                      {t('tickets.addComment')}
                    </Button>
                  </>
                ),
              },
              {
                key: 'email',
                label: t('tickets.email.tab'),
                children: (
                  <TicketEmailThread
                    moduleId={moduleId}
                    ticketId={d.id}
                    hasOutsidePeople={[...d.assignees, ...d.cced].some((u) => u.assignedToExternalEmail)}
                  />
                ),
              },
              {
                key: 'history',
                label: t('tickets.historyTab'),
                children: (
                  <Table
                    rowKey="id"
                    size="small"
                    loading={history.isPending}
                    dataSource={history.data?.data ?? []}
                    pagination={false}
                    columns={[
                      {
                        title: t('tickets.when'),
                        dataIndex: 'changedAt',
                        key: 'when',
                        width: 170,
                        render: (v: string) => formatDateTime(v),
                      },
                      { title: t('tickets.who'), dataIndex: 'changedBy', key: 'who', width: 120 },
                      {
                        title: t('tickets.what'),
                        dataIndex: 'action',
                        key: 'action',
                        width: 150,
                        render: (a: TicketHistoryAction) => t(`tickets.historyActions.${a}`),
                      },
                      {
                        title: t('tickets.change'),
                        key: 'change',
                        render: (_, h) => (
                          <>
                            {h.field && h.field !== 'status' && (
                              <Typography.Text type="secondary">{`${h.field}: `}</Typography.Text>
                            )}
                            {h.field === 'status'
                              ? `${h.fromValue ? `${statusLabel(h.fromValue)} → ` : ''}${statusLabel(h.toValue)}`
                              : `${h.fromValue ? `${h.fromValue} → ` : ''}${h.toValue ?? ''}`}
                            {h.remark && (
                              <div>
                                <Typography.Text type="secondary">{h.remark}</Typography.Text>
                              </div>
                            )}
                          </>
                        ),
                      },
                    ]}
                  />
                ),
              },
              {
                key: 'rows',
                label: t('tickets.rowsTab', { count: d.linkedRowCount }),
                children:
                  d.links.length === 0 ? (
                    <Empty description={t('tickets.noRows')} />
                  ) : (
                    d.links.map((l) => <TicketRows key={l.dataSourceId} moduleId={moduleId} ticketId={d.id} link={l} />)
                  ),
              },
            ]}
          />
          <TicketActionModal moduleId={moduleId} ticket={d} action={action} onClose={() => setAction(null)} />
          <TicketForm moduleId={moduleId} open={editing} ticket={d} onClose={() => setEditing(false)} />
        </>
      )}
    </Drawer>
  );
}
