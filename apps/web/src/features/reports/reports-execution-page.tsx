import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { columnHeading, type ReportConfig, type ReportExecution } from '@recon/contract';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Flex,
  Form,
  Input,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useReport,
  useReportDownload,
  useReportExecutions,
  useReportResults,
  useReports,
  useRunReport,
} from '@/features/reports/api/reports-api';
import { ReportResultsTable } from '@/features/reports/components/report-results-table';
import { readReportFilters, writeReportFilters } from '@/features/reports/report-filter-cache';
import { useBrand } from '@/lib/brand-context';
import { formatDateTime, formatNumber } from '@/lib/format';
import { pageStart } from '@/lib/list-paging';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { useTablePagination } from '@/ui/use-table-pagination';

const NO_VALUE = new Set(['IS_NULL', 'IS_NOT_NULL']);
const STATUS_COLORS = { RUNNING: 'processing', COMPLETED: 'success', FAILED: 'error' } as const;

/** The filters asked at run time, with their position among the report's filters. */
const dynamicFiltersOf = (report: ReportConfig | undefined) =>
  (report?.filters ?? []).flatMap((f, index) => (f.dynamic ? [{ ...f, index }] : []));
/** A filter's column as the report names it (its label when shown, else the column's heading). */
const columnOf = (report: ReportConfig | undefined, field: string) =>
  report?.columns.find((c) => c.field === field)?.label ?? columnHeading(field);

function ExecutionSummary({ execution }: { execution: ReportExecution }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  return (
    <Descriptions
      style={{ marginBottom: 12 }}
      size="small"
      column={{ xs: 1, md: 3, xl: 5 }}
      items={[
        {
          key: 'status',
          label: t('reports.status'),
          children: <Tag color={STATUS_COLORS[execution.status]}>{t(`reports.statuses.${execution.status}`)}</Tag>,
        },
        {
          key: 'rows',
          label: t('reports.rowCount'),
          children: execution.rowCount === null ? '—' : formatNumber(execution.rowCount, locale),
        },
        { key: 'by', label: t('reports.runBy'), children: execution.runBy ?? t('reports.byJob') },
        { key: 'at', label: t('reports.runAt'), children: formatDateTime(execution.startedAt) },
        {
          key: 'duration',
          label: t('reports.duration'),
          children:
            execution.durationMs === null
              ? '—'
              : t('reports.seconds', { value: (execution.durationMs / 1000).toFixed(2) }),
        },
      ]}
    />
  );
}

/**
 * Reports › reports-execution: pick a report, answer its run-time filters (remembered per module), run it, read its
 * results page by page, export them to report-downloads, and open its past runs.
 */
export default function ReportsExecutionPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const brand = useBrand();
  const [params, setParams] = useSearchParams();
  const reportId = Number(params.get('report')) || null;
  const reports = useReports(current.id, { start: 0, length: 1000, search: '' });
  const report = useReport(current.id, reportId);
  // The run shown, for the report it was picked on: another report shows its own last run.
  const [picked, setPicked] = useState<{ reportId: number | null; executionId: number } | null>(null);
  const executionId = picked?.reportId === reportId ? picked.executionId : null;
  const setExecutionId = (id: number) => setPicked({ reportId, executionId: id });
  const [paging, setPaging] = useState({ page: 1, size: brand.defaultPageSize });
  const [pastPaging, setPastPaging] = useState({ page: 1, size: 10 });
  const [values, setValues] = useState<Record<string, string>>({});
  const run = useRunReport(current.id);
  const download = useReportDownload();
  const past = useReportExecutions(current.id, reportId, { start: pageStart(pastPaging), length: pastPaging.size });
  // Until a run is picked, the latest run of the report is shown.
  const latest = pastPaging.page === 1 ? past.data?.data[0] : undefined;
  const shownId = executionId ?? latest?.id ?? null;
  const results = useReportResults(current.id, shownId, { start: pageStart(paging), length: paging.size });
  const dynamic = dynamicFiltersOf(report.data);

  // A report's run-time filters start from what was last given in this module, else the saved values.
  useEffect(() => {
    if (!report.data) return;
    const cached = readReportFilters(current.id, report.data.id);
    setValues(
      Object.fromEntries(
        dynamicFiltersOf(report.data).map((f) => [String(f.index), cached[String(f.index)] ?? f.values.join(', ')]),
      ),
    );
  }, [report.data, current.id]);
  const shown: ReportExecution | undefined =
    past.data?.data.find((e) => e.id === shownId) ?? (run.data?.id === shownId ? run.data : undefined);

  const onRun = async () => {
    if (!reportId) return;
    writeReportFilters(current.id, reportId, values);
    const filterValues = dynamic.map((f) => ({
      index: f.index,
      values: NO_VALUE.has(f.operator)
        ? []
        : (values[String(f.index)] ?? '')
            .split(',')
            .map((v) => v.trim())
            .filter((v) => v !== ''),
    }));
    const done = await run.mutateAsync({ id: reportId, body: { filterValues } });
    setExecutionId(done.id);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const pagination = useTablePagination(paging, results.data?.recordsTotal ?? 0, (page, size) =>
    setPaging({ page, size }),
  );
  const pastPagination = useTablePagination(pastPaging, past.data?.recordsTotal ?? 0, (page, size) =>
    setPastPaging({ page, size }),
  );

  return (
    <>
      <PageHeader title={t('reports.executionTitle')} description={t('reports.executionDescription')} />
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" requiredMark={false} onFinish={() => void onRun().catch(() => undefined)}>
          <Flex gap={16} wrap align="end">
            <Form.Item label={t('reports.report')} style={{ minWidth: 320, marginBottom: 0 }}>
              <Select
                showSearch
                optionFilterProp="label"
                aria-label={t('reports.report')}
                placeholder={t('reports.pickReport')}
                loading={reports.isPending}
                value={reportId ?? undefined}
                options={(reports.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
                onChange={(id: number) => setParams({ report: String(id) })}
                notFoundContent={<EmptyState description={t('reports.noReports')} />}
              />
            </Form.Item>
            {dynamic.map((f) => (
              <Form.Item
                key={f.index}
                label={`${columnOf(report.data, f.field)} ${t(`reports.operators.${f.operator}`)}`}
                style={{ minWidth: 220, marginBottom: 0 }}
              >
                <Input
                  aria-label={t('reports.dynamicValue', { field: columnOf(report.data, f.field) })}
                  disabled={NO_VALUE.has(f.operator)}
                  placeholder={t('reports.values')}
                  value={values[String(f.index)] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [String(f.index)]: e.target.value }))}
                />
              </Form.Item>
            ))}
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlayCircleOutlined />}
              loading={run.isPending}
              disabled={!reportId}
            >
              {t('reports.runReport')}
            </Button>
          </Flex>
        </Form>
        {report.data?.description && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {report.data.description}
          </Typography.Paragraph>
        )}
      </Card>

      {run.isPending && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          icon={<Spin size="small" />}
          message={t('reports.running', { name: report.data?.name ?? '' })}
        />
      )}

      {reportId && shown && (
        <Card
          title={t('reports.resultsTitle', { name: shown.reportName, id: shown.id })}
          style={{ marginBottom: 16 }}
          extra={
            <Dropdown
              disabled={shown.status !== 'COMPLETED'}
              menu={{
                items: [
                  { key: 'XLSX', label: t('reports.exportAs', { format: 'XLSX' }) },
                  { key: 'CSV', label: t('reports.exportAs', { format: 'CSV' }) },
                ],
                onClick: ({ key }) => download.mutate({ executionId: shown.id, format: key as 'CSV' | 'XLSX' }),
              }}
            >
              <Button icon={<DownloadOutlined />} loading={download.isPending} disabled={shown.status !== 'COMPLETED'}>
                {t('reports.export')}
              </Button>
            </Dropdown>
          }
        >
          <ExecutionSummary execution={shown} />
          {shown.error && <Alert type="error" showIcon message={shown.error} style={{ marginBottom: 12 }} />}
          <ReportResultsTable
            columns={results.data?.columns ?? []}
            rows={results.data?.data ?? []}
            start={pageStart(paging)}
            loading={results.isPending}
            pagination={pagination}
          />
        </Card>
      )}

      {reportId && (
        <Card title={t('reports.pastRuns')}>
          <Table<ReportExecution>
            rowKey="id"
            size="small"
            loading={past.isPending}
            dataSource={past.data?.data ?? []}
            locale={{ emptyText: past.isPending ? ' ' : <EmptyState description={t('reports.noRuns')} /> }}
            pagination={pastPagination}
            rowClassName={(row) => (row.id === shownId ? 'ant-table-row-selected' : '')}
            columns={[
              { title: t('reports.runAt'), key: 'at', render: (_, row) => formatDateTime(row.startedAt) },
              { title: t('reports.runBy'), key: 'by', render: (_, row) => row.runBy ?? t('reports.byJob') },
              {
                title: t('reports.filtersGiven'),
                key: 'filters',
                render: (_, row) =>
                  row.filters
                    .filter((f) => f.dynamic)
                    .map((f) =>
                      t('reports.filterAsked', {
                        column: columnOf(report.data, f.field),
                        operator: t(`reports.operators.${f.operator}`),
                        values: f.values.join(', '),
                      }),
                    )
                    .join('; ') || '—',
              },
              {
                title: t('reports.status'),
                key: 'status',
                render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`reports.statuses.${row.status}`)}</Tag>,
              },
              {
                title: t('reports.rowCount'),
                key: 'rows',
                align: 'right',
                render: (_, row) => (row.rowCount === null ? '—' : String(row.rowCount)),
              },
              {
                title: t('reports.duration'),
                key: 'duration',
                align: 'right',
                render: (_, row) =>
                  row.durationMs === null ? '—' : t('reports.seconds', { value: (row.durationMs / 1000).toFixed(2) }),
              },
              {
                title: t('reports.actions'),
                key: 'view',
                render: (_, row) => (
                  <Button
                    size="small"
                    type="link"
                    disabled={row.id === shownId}
                    onClick={() => {
                      setExecutionId(row.id);
                      setPaging((p) => ({ ...p, page: 1 }));
                    }}
                  >
                    {t('reports.view')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      )}
    </>
  );
}
