import { SendOutlined, SyncOutlined } from '@ant-design/icons';
import type { TicketEmailEntry } from '@recon/contract';
import { Alert, Button, Empty, Flex, Input, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useRefreshTicketEmail,
  useReplyTicketEmail,
  useTicketEmail,
  useTriggerTicketEmail,
} from '@/features/tickets/api/ticket-email-api';
import { formatDateTime } from '@/lib/format';
import { errorMessagesFor } from '@/lib/http-errors';
import { showSuccessToast } from '@/lib/toast';
import { QueryError } from '@/ui/query-error';

const TEXT_MAX = 65000;
const STATUS_COLORS: Record<TicketEmailEntry['status'], string> = {
  SENT: 'success',
  QUEUED: 'warning',
  FAILED: 'error',
  RECEIVED: 'processing',
};

function Entry({ e, isFirst }: { e: TicketEmailEntry; isFirst: boolean }) {
  const { t } = useTranslation();
  const isIn = e.direction === 'IN';
  return (
    <div
      style={{
        padding: '10px 12px',
        borderTop: isFirst ? undefined : '1px solid var(--ant-color-border-secondary)',
        background: isIn ? 'var(--ant-color-fill-quaternary)' : undefined,
      }}
    >
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Space size={6} wrap>
          <Tag color={isIn ? 'blue' : 'default'}>{isIn ? t('tickets.email.in') : t('tickets.email.out')}</Tag>
          <Typography.Text strong>{e.from}</Typography.Text>
          {!isIn && e.to.length > 0 && (
            <Typography.Text type="secondary">
              {t('tickets.email.to')} {e.to.join(', ')}
              {e.cc.length > 0 ? ` · ${t('tickets.email.ccLabel')} ${e.cc.join(', ')}` : ''}
            </Typography.Text>
          )}
        </Space>
        <Space size={6}>
          {!isIn && <Tag color={STATUS_COLORS[e.status]}>{t(`tickets.email.statuses.${e.status}`)}</Tag>}
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {t(`tickets.email.vias.${e.via}`)} · {formatDateTime(e.date)}
          </Typography.Text>
        </Space>
      </Flex>
      <Typography.Text strong style={{ display: 'block', marginTop: 4 }}>
        {e.subject}
      </Typography.Text>
      <Typography.Paragraph
        style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}
        ellipsis={{ rows: 8, expandable: true }}
      >
        {e.body}
      </Typography.Paragraph>
      {e.error && <Typography.Text type="danger">{e.error}</Typography.Text>}
    </div>
  );
}

/**
 * The ticket's e-mail thread (decision 0030): every mail out and in, oldest first; "Send to externals" (trigger),
 * "Check for replies" (refresh) and a reply box. A failed call says why above the thread.
 */
export function TicketEmailThread({
  moduleId,
  ticketId,
  hasOutsidePeople,
}: {
  moduleId: number;
  ticketId: number;
  hasOutsidePeople: boolean;
}) {
  const { t } = useTranslation();
  const thread = useTicketEmail(moduleId, ticketId);
  const trigger = useTriggerTicketEmail(moduleId, ticketId);
  const refresh = useRefreshTicketEmail(moduleId, ticketId);
  const reply = useReplyTicketEmail(moduleId, ticketId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const entries = thread.data?.data ?? [];

  async function run<A>(work: () => Promise<A>, done: (answer: A) => void) {
    setError(null);
    try {
      done(await work());
    } catch (err) {
      setError((await errorMessagesFor(err)).join(' ') || t('tickets.email.failed'));
    }
  }
  const sentToast = (answer: { sent: TicketEmailEntry }) =>
    showSuccessToast(answer.sent.status === 'QUEUED' ? t('tickets.email.queued') : t('tickets.email.sent'));

  if (thread.isError && !thread.data) return <QueryError onRetry={() => void thread.refetch()} />;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!hasOutsidePeople}
          loading={trigger.isPending}
          onClick={() => void run(() => trigger.mutateAsync(undefined), sentToast)}
        >
          {t('tickets.email.trigger')}
        </Button>
        <Button
          icon={<SyncOutlined />}
          loading={refresh.isPending}
          onClick={() =>
            void run(
              () => refresh.mutateAsync(undefined),
              (a) => showSuccessToast(t('tickets.email.received', { count: a.received })),
            )
          }
        >
          {t('tickets.email.refresh')}
        </Button>
        <Typography.Text type="secondary" style={{ flex: '1 1 280px' }}>
          {hasOutsidePeople ? t('tickets.email.help') : t('tickets.email.noOutsidePeople')}
        </Typography.Text>
      </Flex>
      {error && <Alert type="error" showIcon title={error} closable onClose={() => setError(null)} />}
      <section
        aria-label={t('tickets.email.tab')}
        style={{ border: '1px solid var(--ant-color-border)', borderRadius: 8, overflow: 'hidden' }}
      >
        {thread.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tickets.email.empty')} style={{ padding: 16 }} />
        ) : (
          entries.map((e, i) => <Entry key={e.id} e={e} isFirst={i === 0} />)
        )}
      </section>
      <div>
        <Input.TextArea
          aria-label={t('tickets.email.replyLabel')}
          placeholder={t('tickets.email.replyPlaceholder')}
          rows={3}
          value={text}
          maxLength={TEXT_MAX}
          onChange={(e) => setText(e.target.value)}
        />
        <Button
          style={{ marginTop: 8 }}
          icon={<SendOutlined />}
          disabled={!text.trim() || !(hasOutsidePeople || entries.some((e) => e.direction === 'IN'))}
          loading={reply.isPending}
          onClick={() =>
            void run(
              () => reply.mutateAsync(text),
              (a) => {
                setText('');
                sentToast(a);
              },
            )
          }
        >
          {t('tickets.email.sendReply')}
        </Button>
      </div>
    </Flex>
  );
}
