import { DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import {
  DOWNLOAD_PAGE_LISTS,
  DOWNLOAD_PAGE_REPORT_TYPES,
  DOWNLOAD_POLL_MS,
  type DownloadPage,
  type DownloadRequest,
} from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Button, Card, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { downloadsRefreshInterval, useDownloads } from '@/features/downloads/api/get-downloads';
import { useStartDownload } from '@/features/downloads/api/initiate-download';
import { DownloadStatusTag } from '@/features/downloads/components/download-status-tag';
import { isDownloadable } from '@/features/downloads/download-format';
import { useBrand } from '@/lib/brand-context';
import { formatFileSize } from '@/lib/file-size';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { columnsWidth } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

function positiveInt(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n > 0 && String(n) === value ? n : undefined;
}

/** The download page a path names (its last segment), e.g. /downloads/transaction-downloads. */
export function downloadPageOf(pathname: string): DownloadPage {
  const segment = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return Object.hasOwn(DOWNLOAD_PAGE_REPORT_TYPES, segment) ? (segment as DownloadPage) : 'transaction-downloads';
}

/**
 * Dashboard, Transaction, Report, Approval and BRS Report Downloads: one page, the report type from the path.
 * The user's own requests of that type, paged on the server, newest first; a ready one downloads from here.
 */
export default function DownloadListPage() {
  const { t } = useTranslation();
  const brand = useBrand();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = downloadPageOf(pathname);
  const pageNo = positiveInt(searchParams.get('page')) ?? 1;
  const askedSize = positiveInt(searchParams.get('size'));
  const size =
    askedSize && (PAGE_SIZE_OPTIONS as readonly number[]).includes(askedSize) ? askedSize : brand.defaultPageSize;
  const downloads = useDownloads(current.id, {
    downloadPage: page,
    start: (pageNo - 1) * size,
    length: size,
  });
  const startDownload = useStartDownload();
  const isSeveralKinds = DOWNLOAD_PAGE_LISTS[page].length > 1;
  const isRefreshing = downloadsRefreshInterval(downloads.data?.data ?? []) !== false;

  const columns: ColumnsType<DownloadRequest> = [
    {
      key: 'fileName',
      title: t('downloads.fileName'),
      dataIndex: 'fileName',
      width: 280,
      render: (name: string) => <span style={{ wordBreak: 'break-all' }}>{name}</span>,
    },
    // A page listing several kinds (Report Downloads: reports and GL exports, decision 0039) says which is which;
    // the columns an export chose mean nothing there (a GL export writes the ledger's lines), and the two would
    // push the status off a 1280 px window.
    ...(isSeveralKinds
      ? [
          {
            key: 'reportType',
            title: t('downloads.reportType'),
            dataIndex: 'reportType',
            width: 110,
            render: (type: DownloadRequest['reportType']) => t(`downloads.reportTypes.${type}`),
          },
        ]
      : []),
    { key: 'format', title: t('downloads.format'), dataIndex: 'format', width: 80 },
    ...(isSeveralKinds
      ? []
      : [
          {
            key: 'scope',
            title: t('downloads.scope'),
            dataIndex: 'scope',
            width: 160,
            render: (scope: DownloadRequest['scope']) => t(`downloads.scopes.${scope}`),
          },
        ]),
    {
      key: 'rowCount',
      title: t('downloads.rows'),
      dataIndex: 'rowCount',
      width: 100,
      align: 'right',
      render: (n: number | null) => (n === null ? '' : formatNumber(n, locale, 0)),
    },
    {
      key: 'size',
      title: t('downloads.size'),
      dataIndex: 'size',
      width: 90,
      align: 'right',
      render: (n: number | null) => (n === null ? '' : formatFileSize(n, locale)),
    },
    {
      key: 'status',
      title: t('downloads.status'),
      dataIndex: 'status',
      width: 110,
      render: (_: unknown, d) =>
        d.error ? (
          <Tooltip title={t('downloads.failedBecause', { message: d.error })}>
            <span>
              <DownloadStatusTag status={d.status} />
            </span>
          </Tooltip>
        ) : (
          <DownloadStatusTag status={d.status} />
        ),
    },
    {
      key: 'requestedOn',
      title: t('downloads.requestedOn'),
      dataIndex: 'requestedOn',
      width: 180,
      render: (iso: string) => formatDateTime(iso),
    },
    {
      key: 'action',
      title: t('downloads.action'),
      width: 120,
      fixed: 'right',
      render: (_: unknown, d) =>
        isDownloadable(d) && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('downloads.downloadFile', { name: d.fileName })}
            loading={startDownload.isPending && startDownload.variables === d.id}
            onClick={() => startDownload.mutate(d.id)}
          >
            {t('downloads.download')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t(`nav./downloads/${page}`)}
        description={t('downloads.pageDescription')}
        extra={
          isRefreshing && (
            <Typography.Text type="secondary">
              <SyncOutlined spin /> {t('downloads.refreshing', { seconds: DOWNLOAD_POLL_MS / 1000 })}
            </Typography.Text>
          )
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {downloads.isError && !downloads.data ? (
          <QueryError onRetry={() => void downloads.refetch()} />
        ) : (
          <Table<DownloadRequest>
            rowKey="id"
            loading={downloads.isPending || (downloads.isFetching && downloads.isPlaceholderData)}
            dataSource={downloads.data?.data ?? []}
            locale={{ emptyText: downloads.isPending ? ' ' : <EmptyState /> }}
            size="middle"
            scroll={{ x: columnsWidth(columns) }}
            columns={columns}
            pagination={{
              current: pageNo,
              pageSize: size,
              total: downloads.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (next, nextSize) =>
                setSearchParams({ page: String(nextSize !== size ? 1 : next), size: String(nextSize) }),
            }}
          />
        )}
      </Card>
    </>
  );
}
