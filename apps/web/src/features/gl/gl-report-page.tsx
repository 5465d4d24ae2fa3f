import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { GlAgeing, GlReport, GlSummary } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Dropdown, Flex, Space, Table, Tabs, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PATHS } from '@/app/paths';
import {
  glReportQuery,
  useGlAgeing,
  useGlConfig,
  useGlDownload,
  useGlSummary,
  useRefreshGl,
} from '@/features/gl/api/gl-api';
import { GlItemRows } from '@/features/gl/components/gl-item-rows';
import { formatCurrency, formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { showSuccessToast } from '@/lib/toast';
import { BackTitle } from '@/ui/back-title';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

const DAY = 'YYYY-MM-DD';
type Line = GlReport['lines'][number];
type Tab = 'report' | 'summary' | 'ageing';

/**
 * The GL report of one configuration as on a day (optionally from a day): each config item's open balance on its
 * side with the totals, a line opening on its data sources' open rows (drill-down, paged); the summary and the
 * ageing of the period; downloads of each through the Downloads area; a manual refresh.
 */
export default function GlReportPage() {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const id = Number(useParams().glConfigId);
  const config = useGlConfig(current.id, id);
  const [asOn, setAsOn] = useState<Dayjs>(dayjs());
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [tab, setTab] = useState<Tab>('report');
  const asOnDate = asOn.format(DAY);
  const fromDate = from ? from.format(DAY) : null;
  // The summary's and ageing's period: from the from day (else 30 days / a year back) to the as on day.
  const summaryStart = fromDate ?? asOn.subtract(30, 'day').format(DAY);
  const ageingStart = fromDate ?? asOn.subtract(365, 'day').format(DAY);
  const report = useQuery(glReportQuery(current.id, id, asOnDate, fromDate));
  const summary = useGlSummary(current.id, id, summaryStart, asOnDate, tab === 'summary');
  const ageing = useGlAgeing(current.id, id, ageingStart, asOnDate, tab === 'ageing');
  const download = useGlDownload();
  const refresh = useRefreshGl(current.id);
  const money = (v: string) => formatCurrency(v, locale);
  const amountColumn = <R,>(title: string, key: string, get: (row: R) => string) => ({
    title,
    key,
    align: 'right' as const,
    width: 170,
    render: (_: unknown, row: R) => money(get(row)),
  });

  const downloads = [
    { key: 'report-XLSX', label: t('gl.downloadReport', { format: 'XLSX' }) },
    { key: 'report-CSV', label: t('gl.downloadReport', { format: 'CSV' }) },
    { key: 'ageing-XLSX', label: t('gl.downloadAgeing', { format: 'XLSX' }) },
    { key: 'summary-XLSX', label: t('gl.downloadSummary', { format: 'XLSX' }) },
  ];
  const onDownload = (key: string) => {
    const [kind, format] = key.split('-') as ['report' | 'ageing' | 'summary', 'CSV' | 'XLSX'];
    if (kind === 'summary')
      download.mutate({ kind: 'summary', id, startDate: summaryStart, endDate: asOnDate, format });
    else download.mutate({ kind: 'report', id, asOnDate, fromDate, ageing: kind === 'ageing', format });
  };

  const name = config.data?.glName ?? '';
  return (
    <>
      <PageHeader
        title={<BackTitle backTo={PATHS.glConfig}>{t('gl.reportTitle', { name })}</BackTitle>}
        description={
          config.data?.closedUntil ? (
            <Tag color="red">{t('gl.closedUntil', { date: formatDate(config.data.closedUntil) })}</Tag>
          ) : undefined
        }
        extra={
          <Space>
            <Button
              icon={<ReloadOutlined />}
              loading={refresh.isPending}
              onClick={async () => showSuccessToast((await refresh.mutateAsync(id)).message)}
            >
              {t('gl.refresh')}
            </Button>
            <Dropdown menu={{ items: downloads, onClick: ({ key }) => onDownload(key) }}>
              <Button icon={<DownloadOutlined />} loading={download.isPending}>
                {t('gl.download')}
              </Button>
            </Dropdown>
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={16} wrap align="center">
          <Space>
            <Typography.Text>{t('gl.asOnDate')}</Typography.Text>
            <DatePicker
              aria-label={t('gl.asOnDate')}
              format="DD-MM-YYYY"
              allowClear={false}
              value={asOn}
              onChange={(d) => d && setAsOn(d)}
            />
          </Space>
          <Space>
            <Typography.Text>{t('gl.fromDate')}</Typography.Text>
            <DatePicker
              aria-label={t('gl.fromDate')}
              placeholder={t('gl.optional')}
              format="DD-MM-YYYY"
              value={from}
              onChange={setFrom}
              disabledDate={(d) => d.isAfter(asOn, 'day')}
            />
          </Space>
          {config.data?.lastRefresh && (
            <Typography.Text type="secondary">
              {t('gl.lastRefreshOn', { date: formatDate(config.data.lastRefresh.asOnDate) })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Tab)}
          items={[
            {
              key: 'report',
              label: t('gl.tabReport'),
              children:
                report.isError && !report.data ? (
                  <QueryError onRetry={() => void report.refetch()} />
                ) : (
                  <Table<Line>
                    rowKey="itemId"
                    size="middle"
                    loading={report.isPending}
                    dataSource={report.data?.lines ?? []}
                    pagination={false}
                    scroll={{ x: 900 }}
                    expandable={{
                      expandedRowRender: (line) => (
                        <Space direction="vertical" style={{ width: '100%' }} size={16}>
                          {line.sources.map((s) => (
                            <GlItemRows
                              key={s.dataSourceId}
                              moduleId={current.id}
                              glConfigId={id}
                              itemId={line.itemId}
                              source={s}
                              asOnDate={asOnDate}
                              fromDate={fromDate}
                            />
                          ))}
                        </Space>
                      ),
                      rowExpandable: (line) => line.openCount > 0,
                    }}
                    columns={[
                      { title: t('gl.account'), dataIndex: 'name', key: 'name' },
                      {
                        title: t('gl.side'),
                        dataIndex: 'side',
                        key: 'side',
                        width: 90,
                        render: (side: Line['side']) => (side === 'DEBIT' ? t('gl.dr') : t('gl.cr')),
                      },
                      {
                        title: t('gl.openRows'),
                        dataIndex: 'openCount',
                        key: 'openCount',
                        align: 'right',
                        width: 110,
                      },
                      amountColumn(t('gl.debit'), 'debit', (l: Line) => l.debit),
                      amountColumn(t('gl.credit'), 'credit', (l: Line) => l.credit),
                    ]}
                    summary={() =>
                      report.data ? (
                        <>
                          <Table.Summary.Row>
                            <Table.Summary.Cell index={0} colSpan={3}>
                              <Typography.Text strong>{t('gl.total')}</Typography.Text>
                            </Table.Summary.Cell>
                            <Table.Summary.Cell index={1} align="right">
                              {report.data.lines.reduce((n, l) => n + l.openCount, 0)}
                            </Table.Summary.Cell>
                            <Table.Summary.Cell index={2} align="right">
                              <Typography.Text strong>{money(report.data.totals.debit)}</Typography.Text>
                            </Table.Summary.Cell>
                            <Table.Summary.Cell index={3} align="right">
                              <Typography.Text strong>{money(report.data.totals.credit)}</Typography.Text>
                            </Table.Summary.Cell>
                          </Table.Summary.Row>
                          <Table.Summary.Row>
                            <Table.Summary.Cell index={0} colSpan={4} align="right">
                              <Typography.Text type="secondary">{t('gl.differenceLabel')}</Typography.Text>
                            </Table.Summary.Cell>
                            <Table.Summary.Cell index={1} colSpan={2} align="right">
                              <Typography.Text>{money(report.data.totals.difference)}</Typography.Text>
                            </Table.Summary.Cell>
                          </Table.Summary.Row>
                        </>
                      ) : null
                    }
                  />
                ),
            },
            {
              key: 'summary',
              label: t('gl.tabSummary'),
              children: (
                <>
                  <Typography.Paragraph type="secondary">
                    {t('gl.period', { from: formatDate(summaryStart), to: formatDate(asOnDate) })}
                  </Typography.Paragraph>
                  <Table<GlSummary['lines'][number]>
                    rowKey="itemId"
                    size="middle"
                    loading={summary.isPending}
                    dataSource={summary.data?.lines ?? []}
                    pagination={false}
                    scroll={{ x: 900 }}
                    columns={[
                      { title: t('gl.account'), dataIndex: 'name', key: 'name' },
                      amountColumn(t('gl.opening'), 'opening', (l: GlSummary['lines'][number]) => l.opening),
                      amountColumn(t('gl.added'), 'added', (l: GlSummary['lines'][number]) => l.added),
                      amountColumn(t('gl.cleared'), 'cleared', (l: GlSummary['lines'][number]) => l.cleared),
                      amountColumn(t('gl.closing'), 'closing', (l: GlSummary['lines'][number]) => l.closing),
                    ]}
                    summary={() =>
                      summary.data ? (
                        <Table.Summary.Row>
                          <Table.Summary.Cell index={0}>
                            <Typography.Text strong>{t('gl.total')}</Typography.Text>
                          </Table.Summary.Cell>
                          {(['opening', 'added', 'cleared', 'closing'] as const).map((k, i) => (
                            <Table.Summary.Cell key={k} index={i + 1} align="right">
                              <Typography.Text strong>{money(summary.data.totals[k])}</Typography.Text>
                            </Table.Summary.Cell>
                          ))}
                        </Table.Summary.Row>
                      ) : null
                    }
                  />
                </>
              ),
            },
            {
              key: 'ageing',
              label: t('gl.tabAgeing'),
              children: <AgeingTable data={ageing.data} loading={ageing.isPending} money={money} start={ageingStart} />,
            },
          ]}
        />
      </Card>
    </>
  );
}

function AgeingTable({
  data,
  loading,
  money,
  start,
}: {
  data: GlAgeing | undefined;
  loading: boolean;
  money: (v: string) => string;
  start: string;
}) {
  const { t } = useTranslation();
  type AgeLine = GlAgeing['lines'][number];
  const buckets = data?.buckets ?? [];
  return (
    <>
      <Typography.Paragraph type="secondary">
        {data ? t('gl.ageingOn', { from: formatDate(start), to: formatDate(data.endDate) }) : ' '}
      </Typography.Paragraph>
      <Table<AgeLine>
        rowKey="itemId"
        size="middle"
        loading={loading}
        dataSource={data?.lines ?? []}
        pagination={false}
        columns={[
          { title: t('gl.account'), dataIndex: 'name', key: 'name', width: 170 },
          ...buckets.map((b, i) => ({
            title: t('gl.days', { label: b.label }),
            key: `b${i}`,
            align: 'right' as const,
            render: (_: unknown, l: AgeLine) =>
              // An empty bucket is a dash: the amounts a reader looks for stand out.
              !l.cells[i]?.count ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
                  <span>{money(l.cells[i]?.amount ?? '0')}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('gl.rows', { count: l.cells[i]?.count ?? 0 })}
                  </Typography.Text>
                </Space>
              ),
          })),
          {
            title: t('gl.total'),
            key: 'total',
            align: 'right' as const,
            render: (_: unknown, l: AgeLine) => <Typography.Text strong>{money(l.total.amount)}</Typography.Text>,
          },
        ]}
        summary={() =>
          data ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>{t('gl.total')}</Typography.Text>
              </Table.Summary.Cell>
              {data.totals.cells.map((c, i) => (
                <Table.Summary.Cell key={buckets[i]?.label ?? i} index={i + 1} align="right">
                  {money(c.amount)}
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={buckets.length + 1} align="right">
                <Typography.Text strong>{money(data.totals.total.amount)}</Typography.Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
    </>
  );
}
