import { DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import type { DownloadRequest } from '@recon/contract';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadStatusTag } from '@/features/downloads/components/download-status-tag';
import { isDownloadable, middleEllipsis } from '@/features/downloads/download-format';
import { formatDateTime } from '@/lib/format';

type Props = {
  downloads: readonly DownloadRequest[];
  isLoading: boolean;
  onDownload: (d: DownloadRequest) => void;
};

/** The latest downloads in the dropdown: name, status and time; a ready one downloads on click. */
export function LatestDownloads({ downloads, isLoading, onDownload }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div style={{ padding: '8px 4px', width: 400 }}>
      <Typography.Text type="secondary" style={{ display: 'block', padding: '0 12px 4px', fontSize: 12 }}>
        {t('downloads.latest')}
      </Typography.Text>
      {isLoading && (
        <Flex justify="center" style={{ padding: 12 }}>
          <LoadingOutlined />
        </Flex>
      )}
      {!isLoading && downloads.length === 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px' }}>
          {t('downloads.none')}
        </Typography.Text>
      )}
      <ul aria-label={t('downloads.latest')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {downloads.map((d) => {
          const isReady = isDownloadable(d);
          const body = (
            <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
              <Flex vertical style={{ minWidth: 0, textAlign: 'left' }}>
                {/* Shortened in the middle; still too long for the row, it ends in an ellipsis before the status. */}
                <Typography.Text
                  title={d.fileName}
                  style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {middleEllipsis(d.fileName)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(d.requestedOn)}
                </Typography.Text>
              </Flex>
              <Flex align="center" gap={6} style={{ flexShrink: 0 }}>
                <DownloadStatusTag status={d.status} />
                {isReady && <DownloadOutlined style={{ color: token.colorPrimary }} />}
              </Flex>
            </Flex>
          );
          return (
            <li key={d.id}>
              {isReady ? (
                <button
                  type="button"
                  aria-label={t('downloads.downloadFile', { name: d.fileName })}
                  onClick={() => onDownload(d)}
                  style={{
                    display: 'flex',
                    width: '100%',
                    padding: '6px 12px',
                    border: 0,
                    background: 'transparent',
                    cursor: 'pointer',
                    borderRadius: token.borderRadiusSM,
                  }}
                  onMouseEnter={(e) => {
                    e.currentTarget.style.background = token.controlItemBgHover;
                  }}
                  onMouseLeave={(e) => {
                    e.currentTarget.style.background = 'transparent';
                  }}
                >
                  {body}
                </button>
              ) : (
                <div style={{ display: 'flex', padding: '6px 12px' }} title={d.error ?? undefined}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
