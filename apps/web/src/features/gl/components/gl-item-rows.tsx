import { columnHeading, type GlReport } from '@recon/contract';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlItemRows } from '@/features/gl/api/gl-api';
import { formatCurrency, formatDate, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

const PAGE = 10;
/** How many of the row's own columns the drill-down shows beside its day, amount and age. */
const SHOWN_COLUMNS = 4;

type Source = GlReport['lines'][number]['sources'][number];

/** Drill-down: the open rows of one data source of a config item as on the day, oldest first, ten a page. */
export function GlItemRows(props: {
  moduleId: number;
  glConfigId: number;
  itemId: number;
  source: Source;
  asOnDate: string;
  fromDate: string | null;
}) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const [page, setPage] = useState(1);
  const rows = useGlItemRows(props.moduleId, {
    id: props.glConfigId,
    itemId: props.itemId,
    dataSourceId: props.source.dataSourceId,
    asOnDate: props.asOnDate,
    fromDate: props.fromDate,
    start: (page - 1) * PAGE,
    length: PAGE,
  });
  const columns = (rows.data?.columns ?? []).slice(0, SHOWN_COLUMNS);
  type Row = NonNullable<typeof rows.data>['data'][number];
  return (
    <div>
      <Typography.Text strong>
        {t('gl.drillTitle', {
          source: props.source.dataSourceName,
          count: props.source.openCount,
          amount: formatCurrency(props.source.balance, locale),
        })}
      </Typography.Text>
      <Table<Row>
        rowKey="id"
        size="small"
        style={{ marginTop: 8 }}
        loading={rows.isPending || rows.isPlaceholderData}
        dataSource={rows.data?.data ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: rows.data?.recordsTotal ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
        }}
        columns={[
          {
            title: t('gl.day'),
            dataIndex: 'date',
            key: 'date',
            width: 120,
            render: (d: string | null) => formatDate(d),
          },
          {
            title: t('gl.amount'),
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            width: 150,
            render: (a: string) => formatCurrency(a, locale),
          },
          { title: t('gl.age'), dataIndex: 'ageDays', key: 'age', align: 'right', width: 110 },
          ...columns.map((c) => ({
            // The column's label as the recon tabs show it (value_date → Value Date), never the raw name.
            title: columnHeading(c),
            key: c,
            ellipsis: true,
            // Figures line up on the right, as amounts do in every table.
            align: typeof rows.data?.data[0]?.values[c] === 'number' ? ('right' as const) : undefined,
            render: (_: unknown, r: Row) => {
              const v = r.values[c];
              // A balance of 30,68,297.1 reads as a typo: fractions show to the paisa, whole numbers as they are.
              if (typeof v === 'number')
                return Number.isInteger(v) ? formatNumber(v, locale, 0) : formatNumber(v, locale, 2, 2);
              return String(v ?? '');
            },
          })),
        ]}
      />
    </div>
  );
}
