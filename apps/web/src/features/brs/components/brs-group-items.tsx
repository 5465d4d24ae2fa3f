import type { BrsGroup } from '@recon/contract';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrsGroupItems } from '@/features/brs/api/brs-api';
import { formatCurrency, formatDate } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

const PAGE = 10;

/** Drill-down: the open items of one group of the statement (both sides), oldest first, ten a page. */
export function BrsGroupItems(props: {
  moduleId: number;
  brsConfigId: number;
  group: BrsGroup;
  count: number;
  asOnDate: string;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [page, setPage] = useState(1);
  const items = useBrsGroupItems(props.moduleId, {
    id: props.brsConfigId,
    group: props.group,
    asOnDate: props.asOnDate,
    start: (page - 1) * PAGE,
    length: PAGE,
  });
  type Row = NonNullable<typeof items.data>['data'][number];
  const money = (v: string) => formatCurrency(v, locale);
  return (
    <div>
      <Typography.Text strong>
        {t('brs.itemsTitle', { label: t(`brs.groups.${props.group}`), count: props.count })}
      </Typography.Text>
      <Table<Row>
        rowKey={(r) => `${r.side}-${r.id}`}
        size="small"
        style={{ marginTop: 8 }}
        loading={items.isPending || items.isPlaceholderData}
        dataSource={items.data?.data ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: items.data?.recordsTotal ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
        }}
        columns={[
          {
            title: t('brs.date'),
            dataIndex: 'date',
            key: 'date',
            width: 120,
            render: (d: string | null) => formatDate(d),
          },
          {
            title: t('brs.side'),
            dataIndex: 'side',
            key: 'side',
            width: 90,
            render: (s: Row['side']) => t(`brs.side${s}`),
          },
          { title: t('brs.narration'), dataIndex: 'narration', key: 'narration', ellipsis: true },
          { title: t('brs.instrument'), dataIndex: 'instrument', key: 'instrument', width: 150 },
          {
            title: t('brs.rowAmount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            width: 150,
            render: money,
          },
          {
            title: t('brs.effect'),
            dataIndex: 'effect',
            key: 'effect',
            align: 'right',
            width: 150,
            render: money,
          },
        ]}
      />
    </div>
  );
}
