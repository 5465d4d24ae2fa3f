import type { GlConfig } from '@recon/contract';
import { Button, Card, DatePicker, Flex, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { useCloseBooks, useDeleteGlConfig, useGlConfigs, useReopenBooks } from '@/features/gl/api/gl-api';
import { GlConfigEditor } from '@/features/gl/components/gl-config-editor';
import { formatDate, formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { showSuccessToast } from '@/lib/toast';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

type Books = { kind: 'close' | 'reopen'; config: GlConfig } | null;

/**
 * Reports › GL Config: the module's GL configurations (items, books closed up to, last refresh), created and edited
 * in a drawer; books closed up to a day or reopened (through an approval) after a confirmation; each opens its report.
 */
export default function GlConfigPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const configs = useGlConfigs(current.id);
  const [editing, setEditing] = useState<{ config: GlConfig | null } | null>(null);
  const [books, setBooks] = useState<Books>(null);
  const [closeDate, setCloseDate] = useState<Dayjs | null>(null);
  const [reason, setReason] = useState('');
  const close = useCloseBooks(current.id);
  const reopen = useReopenBooks(current.id);
  const remove = useDeleteGlConfig(current.id);

  const confirmBooks = async () => {
    if (!books) return;
    if (books.kind === 'close') {
      if (!closeDate) return;
      const done = await close.mutateAsync({ id: books.config.id, closeDate: closeDate.format('YYYY-MM-DD') });
      showSuccessToast(done.message);
    } else {
      const done = await reopen.mutateAsync({ id: books.config.id, reason: reason.trim() || null });
      showSuccessToast(done.message);
    }
    setBooks(null);
    setCloseDate(null);
    setReason('');
  };

  return (
    <>
      <PageHeader
        title={t('gl.title')}
        description={t('gl.description')}
        extra={
          <Button type="primary" onClick={() => setEditing({ config: null })}>
            {t('gl.new')}
          </Button>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {configs.isError && !configs.data ? (
          <QueryError onRetry={() => void configs.refetch()} />
        ) : (
          <Table<GlConfig>
            rowKey="id"
            size="middle"
            loading={configs.isPending}
            dataSource={configs.data?.data ?? []}
            locale={{ emptyText: configs.isPending ? ' ' : <EmptyState /> }}
            pagination={false}
            scroll={{ x: 1000 }}
            columns={[
              {
                title: t('gl.glName'),
                dataIndex: 'glName',
                key: 'glName',
                width: 220,
                render: (name: string, row) => <Link to={`${PATHS.glConfig}/${row.id}/report`}>{name}</Link>,
              },
              {
                title: t('gl.items'),
                key: 'items',
                render: (_, row) => (
                  <Typography.Text>
                    {row.items.map((i) => `${i.name} (${i.side === 'DEBIT' ? t('gl.dr') : t('gl.cr')})`).join(', ')}
                  </Typography.Text>
                ),
              },
              {
                title: t('gl.books'),
                key: 'books',
                width: 210,
                render: (_, row) =>
                  row.closedUntil ? (
                    <Space direction="vertical" size={0}>
                      <Tag color="red">{t('gl.closedUntil', { date: formatDate(row.closedUntil) })}</Tag>
                      {row.reopenApprovalId && (
                        <Typography.Text type="secondary">
                          {t('gl.reopenWaiting', { id: row.reopenApprovalId })}
                        </Typography.Text>
                      )}
                    </Space>
                  ) : (
                    <Tag color="green">{t('gl.open')}</Tag>
                  ),
              },
              {
                title: t('gl.lastRefresh'),
                key: 'lastRefresh',
                width: 180,
                render: (_, row) => (row.lastRefresh ? formatDateTime(row.lastRefresh.at) : '—'),
              },
              {
                title: t('gl.actions'),
                key: 'actions',
                width: 310,
                render: (_, row) => (
                  <Flex gap={4} wrap>
                    <Link to={`${PATHS.glConfig}/${row.id}/report`}>
                      <Button size="small" type="link">
                        {t('gl.openReport')}
                      </Button>
                    </Link>
                    <Button size="small" type="link" onClick={() => setEditing({ config: row })}>
                      {t('gl.edit')}
                    </Button>
                    <Button size="small" type="link" onClick={() => setBooks({ kind: 'close', config: row })}>
                      {t('gl.closeBooks')}
                    </Button>
                    {row.closedUntil && !row.reopenApprovalId && (
                      <Button size="small" type="link" onClick={() => setBooks({ kind: 'reopen', config: row })}>
                        {t('gl.reopenBooks')}
                      </Button>
                    )}
                    <Popconfirm
                      title={t('gl.deleteTitle', { name: row.glName })}
                      okText={t('gl.delete')}
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => showSuccessToast((await remove.mutateAsync(row.id)).message)}
                    >
                      <Button size="small" type="link" danger disabled={!!row.closedUntil}>
                        {t('gl.delete')}
                      </Button>
                    </Popconfirm>
                  </Flex>
                ),
              },
            ]}
          />
        )}
      </Card>
      <GlConfigEditor
        moduleId={current.id}
        config={editing?.config ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <Modal
        open={books !== null}
        title={
          books?.kind === 'close'
            ? t('gl.closeTitle', { name: books.config.glName })
            : t('gl.reopenTitle', { name: books?.config.glName ?? '' })
        }
        okText={books?.kind === 'close' ? t('gl.closeBooks') : t('gl.sendForApproval')}
        okButtonProps={{ danger: books?.kind === 'close', disabled: books?.kind === 'close' && !closeDate }}
        confirmLoading={close.isPending || reopen.isPending}
        onOk={() => void confirmBooks()}
        onCancel={() => setBooks(null)}
        destroyOnHidden
      >
        {books?.kind === 'close' ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('gl.closeHelp')}</Typography.Paragraph>
            <Typography.Text strong>{t('gl.closeDate')}</Typography.Text>
            <DatePicker
              aria-label={t('gl.closeDate')}
              placeholder={t('gl.closeDate')}
              format="DD-MM-YYYY"
              value={closeDate}
              onChange={setCloseDate}
              style={{ width: 220 }}
            />
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>
              {t('gl.reopenHelp', { date: books?.config.closedUntil ? formatDate(books.config.closedUntil) : '' })}
            </Typography.Paragraph>
            <Input.TextArea
              aria-label={t('gl.reason')}
              placeholder={t('gl.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
            />
          </Space>
        )}
      </Modal>
    </>
  );
}
