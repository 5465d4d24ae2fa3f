import { GLOBAL_SEARCH_MIN_LENGTH, type GlobalSearchHit } from '@recon/contract';
import { Alert, Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useTransactionRecons } from '@/features/transactions/api/get-transaction-recons';
import { useTransactionSearch } from '@/features/transactions/api/search-transactions';
import { formatCell } from '@/features/transactions/cell-format';
import { RowDrawer } from '@/features/transactions/components/row-drawer';
import { StatusBadge } from '@/features/transactions/components/status-badge';
import { linkedRowUrl, tabOfRow } from '@/features/transactions/linked-row';
import { humanize } from '@/features/transactions/view-columns';
import { useAccess } from '@/lib/access-context';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';

/**
 * Transactions › Global Search: one reference (UTR, order id, narration…) across every data source of the module.
 * Each hit says where it is and in which state; a click opens the row on its recon tab, with its group (its
 * match) and explanation.
 */
export default function GlobalSearchPage() {
  const { t } = useTranslation();
  const moduleId = useModuleSelection().current.id;
  const [search, setSearch] = useSearchParams();
  const asked = (search.get('value') ?? '').trim();
  const [text, setText] = useState(asked);
  const [tooShort, setTooShort] = useState(false);
  const isAsked = asked.length >= GLOBAL_SEARCH_MIN_LENGTH;
  const hits = useTransactionSearch(moduleId, isAsked ? asked : undefined);
  const recons = useTransactionRecons(moduleId);
  const [opened, setOpened] = useState<GlobalSearchHit | null>(null);
  const navigate = useNavigate();
  const { held } = useAccess();
  // A hit opens on its recon tab (where it is worked), its drawer showing its group; without any tab, here.
  const open = (h: GlobalSearchHit) => {
    const tab = tabOfRow(h.status, (code) => held.has(code));
    if (!tab) return setOpened(h);
    void navigate(linkedRowUrl(tab, { reconId: h.reconId, dataSourceId: h.dataSourceId, rowId: h.id }));
  };
  const locale = useNumberLocale();
  // A hit's data source's columns (types, money, shown), to show its date and amount in the module's formats.
  const columnsOf = (h: GlobalSearchHit) =>
    recons.data?.find((r) => r.id === h.reconId)?.dataSources.find((d) => d.id === h.dataSourceId)?.columns ?? [];
  const capped = new Set(hits.data?.cappedDataSourceIds ?? []);
  const cappedNames = [
    ...new Set((hits.data?.data ?? []).filter((h) => capped.has(h.dataSourceId)).map((h) => h.dataSourceName)),
  ];

  return (
    <>
      <PageHeader title={t('transactions.search.title')} description={t('transactions.search.description')} />
      <Card style={{ marginBottom: 12 }}>
        <Flex vertical gap={8}>
          <Input.Search
            aria-label={t('transactions.search.label')}
            placeholder={t('transactions.search.placeholder')}
            enterButton={t('common.search')}
            size="large"
            allowClear
            value={text}
            loading={hits.isFetching}
            onChange={(e) => setText(e.target.value)}
            onSearch={(value) => {
              const v = value.trim();
              setTooShort(v.length > 0 && v.length < GLOBAL_SEARCH_MIN_LENGTH);
              if (v.length >= GLOBAL_SEARCH_MIN_LENGTH) setSearch({ value: v });
            }}
            style={{ maxWidth: 640 }}
          />
          {tooShort && (
            <Typography.Text type="danger">
              {t('transactions.search.tooShort', { min: GLOBAL_SEARCH_MIN_LENGTH })}
            </Typography.Text>
          )}
          {cappedNames.length > 0 && (
            <Alert type="info" showIcon title={t('transactions.search.capped', { names: cappedNames.join(', ') })} />
          )}
        </Flex>
      </Card>
      <Card styles={{ body: { padding: 0 } }}>
        <Table<GlobalSearchHit>
          rowKey={(h) => `${h.dataSourceId}:${h.id}`}
          loading={hits.isFetching}
          dataSource={hits.data?.data ?? []}
          pagination={false}
          scroll={{ x: 1200 }}
          locale={{
            emptyText: isAsked ? (
              <EmptyState />
            ) : (
              <Typography.Text type="secondary">{t('transactions.search.hint')}</Typography.Text>
            ),
          }}
          onRow={(h) => ({ onClick: () => open(h), style: { cursor: 'pointer' } })}
          columns={[
            {
              title: t('transactions.search.where'),
              key: 'where',
              width: 280,
              render: (_, h) => (
                <Flex vertical>
                  <Typography.Text>{h.side ? `${h.side} · ${h.dataSourceName}` : h.dataSourceName}</Typography.Text>
                  <Typography.Text type="secondary">{h.reconName}</Typography.Text>
                </Flex>
              ),
            },
            {
              title: t('transactions.fields._status'),
              key: 'status',
              width: 160,
              render: (_, h) => <StatusBadge status={h.status} />,
            },
            {
              title: t('transactions.search.found'),
              key: 'found',
              render: (_, h) => (
                <Flex gap={4} wrap>
                  {h.matchedColumns.map((c) => (
                    <Tag key={c}>
                      {humanize(c)}: <Typography.Text strong>{h.values[c]}</Typography.Text>
                    </Tag>
                  ))}
                </Flex>
              ),
            },
            {
              title: t('transactions.search.date'),
              key: 'date',
              width: 130,
              render: (_, h) => {
                const column = columnsOf(h).find((c) => c.type === 'DATE' || c.type === 'DATETIME');
                return column ? formatCell(h.values[column.name], { type: column.type, isMoney: false }, locale) : '';
              },
            },
            {
              title: t('transactions.search.amount'),
              key: 'amount',
              width: 150,
              align: 'right' as const,
              render: (_, h) => {
                const column = columnsOf(h).find((c) => c.isMoney && c.isShown);
                return column ? formatCurrency(h.values[column.name] ?? '', locale) : '';
              },
            },
            { title: t('transactions.fields._match_id'), dataIndex: 'matchId', key: 'match', width: 110 },
            {
              title: t('transactions.fields._loaded_at'),
              key: 'loaded',
              width: 165,
              render: (_, h) => formatDateTime(h.loadedAt),
            },
          ]}
        />
      </Card>
      <RowDrawer
        recon={recons.data?.find((r) => r.id === opened?.reconId)}
        dataSourceId={opened?.dataSourceId ?? 0}
        row={opened}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
