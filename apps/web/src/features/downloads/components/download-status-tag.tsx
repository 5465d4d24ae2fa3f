import { DOWNLOAD_STATUS_LABELS, type DownloadStatus } from '@recon/contract';
import { Tag } from 'antd';

type Tone = 'success' | 'warning' | 'error' | 'processing' | 'default';

/**
 * The spec's status colours: green success-like (ready, downloaded), orange pending (submitted), blue created or
 * processing, red failed or aborted, grey outdated (discarded).
 */
const TONES: Record<DownloadStatus, Tone> = {
  SUBMITTED: 'warning',
  INPROCESS: 'processing',
  CREATED: 'processing',
  READYFORDOWNLOAD: 'success',
  DOWNLOADED: 'success',
  FAILED: 'error',
  ABORTED: 'error',
  DISCARDED: 'default',
};

export function DownloadStatusTag({ status }: { status: DownloadStatus }) {
  return (
    <Tag color={TONES[status]} style={{ marginInlineEnd: 0 }}>
      {DOWNLOAD_STATUS_LABELS[status]}
    </Tag>
  );
}
