import { DeleteOutlined } from '@ant-design/icons';
import { type FileDetail, fileEndpoints } from '@recon/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '@/app/paths';
import { useFile } from '@/features/file-history/api/get-file';
import { useHasPrivilege } from '@/lib/access-context';
import { formatFileSize } from '@/lib/file-size';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';
import { useDiscardFile } from '@/lib/reads/files';
import { RejectionSummary, SkippedRows } from '@/ui/file-outcome';
import { ErrorKindTag, FileStatusTag, UploadStatusTag } from '@/ui/file-tags';
import { QueryError } from '@/ui/query-error';

const EXECUTION_HISTORY_PATH = PATHS.executionHistory;

type Props = { moduleId: number; fileId: number | undefined; onClose: () => void };

/** Uploaded and taken by no run (the Upload & Run page left early): the user may discard it. */
const isWaitingForRun = (f: FileDetail) =>
  f.status === 'UPLOADED' && f.uploadStatus === 'UPLOADED' && f.jobExecutionId === null;

/** One uploaded file: its outcome, why it failed, its row counts and the run that loaded it. */
export function FileDetailDrawer({ moduleId, fileId, onClose }: Props) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const canSeeRuns = useHasPrivilege({ code: 'jobExecutions' });
  const canDiscard = useHasPrivilege(fileEndpoints.discard.privilege);
  const file = useFile(moduleId, fileId);
  const discard = useDiscardFile(moduleId, t('fileHistory.discarded'));
  const f = file.data;
  const count = (value: number | null) => (value === null ? '' : formatNumber(value, locale, 0));

  return (
    <Drawer
      open={fileId !== undefined}
      onClose={onClose}
      size="min(760px, 100vw)"
      destroyOnHidden
      title={f ? <span style={{ wordBreak: 'break-all' }}>{f.fileName}</span> : t('fileHistory.fileTitle')}
      extra={
        f &&
        canDiscard &&
        isWaitingForRun(f) && (
          <Popconfirm
            title={t('fileHistory.discardTitle')}
            description={t('fileHistory.discardText')}
            okText={t('fileHistory.discard')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => discard.mutateAsync(f.id).catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />} loading={discard.isPending}>
              {t('fileHistory.discard')}
            </Button>
          </Popconfirm>
        )
      }
    >
      {file.isError && !f ? (
        <QueryError onRetry={() => void file.refetch()} />
      ) : !f ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {isWaitingForRun(f) && <Alert type="info" showIcon title={t('fileHistory.waitingHint')} />}
          {f.errorMessage && (
            <Alert
              type={f.status === 'INVALID' || f.status === 'REJECTED' ? 'error' : 'warning'}
              showIcon
              title={f.errorKind ?? t('fileHistory.errorMessage')}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{f.errorMessage}</span>}
            />
          )}
          <RejectionSummary rejection={f.rejection} />
          <SkippedRows skipped={f.skipped} />
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'pipeline', label: t('fileHistory.pipeline'), children: f.pipelineName },
              { key: 'status', label: t('common.status'), children: <FileStatusTag status={f.status} /> },
              {
                key: 'uploadStatus',
                label: t('fileHistory.uploadStatus'),
                children: <UploadStatusTag status={f.uploadStatus} />,
              },
              {
                key: 'errorKind',
                label: t('fileHistory.errorKind'),
                children: <ErrorKindTag kind={f.errorKind} fileStatus={f.status} />,
              },
              // A file refused before loading has no row counts: they are left out rather than shown blank.
              ...(f.totalRows === null
                ? []
                : (['totalRows', 'validRows', 'invalidRows', 'duplicateRows', 'skippedRows'] as const).map((key) => ({
                    key,
                    label: t(`fileHistory.counts.${key}`),
                    children: count(f[key] ?? null),
                  }))),
              { key: 'size', label: t('fileHistory.size'), children: formatFileSize(f.sizeBytes, locale) },
              { key: 'uploadedBy', label: t('fileHistory.uploadedBy'), children: f.uploadedBy ?? '' },
              {
                key: 'uploadedAt',
                label: t('fileHistory.uploadedAt'),
                children: formatDateTime(f.uploadedAt),
              },
              {
                key: 'updatedAt',
                label: t('fileHistory.updatedAt'),
                children: formatDateTime(f.updatedAt),
              },
              {
                key: 'run',
                label: t('fileHistory.run'),
                children:
                  f.jobExecutionId === null ? (
                    t('fileHistory.notRunYet')
                  ) : canSeeRuns ? (
                    <Link to={`${EXECUTION_HISTORY_PATH}?executionId=${f.jobExecutionId}`}>
                      {t('fileHistory.runNumber', { id: f.jobExecutionId })}
                    </Link>
                  ) : (
                    t('fileHistory.runNumber', { id: f.jobExecutionId })
                  ),
              },
              {
                key: 'sha',
                label: t('fileHistory.checksum'),
                children: (
                  <Typography.Text code copyable style={{ wordBreak: 'break-all', fontSize: 12 }}>
                    {f.contentSha256}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
