import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FetchedMail, useFetchedMails } from '@/features/job-executions/api/get-fetched-mails';
import { formatDateTime } from '@/lib/format';
import { DATE_TIME_COLUMN_WIDTH_COMPACT } from '@/ui/column-widths';
import { StatusTag } from '@/ui/status-tag';

type Props = {
  moduleId: number;
  executionId: number;
  activityStatus: string;
  /** The activity's email parsing rule: only its mails (another EMAIL_FETCH activity of the run lists its own). */
  ruleId: number | null;
};

/** The shared tag's colour word for each outcome: stored green, skipped orange, failed red, in flight blue. */
const TONE_OF: Readonly<Record<string, string>> = {
  LOADED: 'SUCCESS',
  SKIPPED: 'PENDING',
  FAILED: 'FAILED',
  FETCHING: 'PROCESSING',
};
const OUTCOMES = ['LOADED', 'SKIPPED', 'FAILED', 'FETCHING'] as const;
const isOutcome = (s: string): s is (typeof OUTCOMES)[number] => (OUTCOMES as readonly string[]).includes(s);

/** The mails an EMAIL_FETCH activity of the run took: from whom, which attachment, into which pipeline, and how. */
export function FetchedMails({ moduleId, executionId, activityStatus, ruleId }: Props) {
  const { t } = useTranslation();
  const mails = useFetchedMails(moduleId, executionId, activityStatus);

  if (mails.isError) {
    return <Typography.Text type="danger">{t('jobExecutions.fetchedMails.loadFailed')}</Typography.Text>;
  }
  return (
    <Table<FetchedMail>
      size="small"
      rowKey="id"
      title={() => <Typography.Text strong>{t('jobExecutions.fetchedMails.title')}</Typography.Text>}
      loading={mails.isPending}
      dataSource={(mails.data ?? []).filter((m) => ruleId === null || m.ruleId === ruleId)}
      pagination={false}
      locale={{
        emptyText: mails.isPending ? (
          ' '
        ) : (
          <Typography.Text type="secondary">{t('jobExecutions.fetchedMails.none')}</Typography.Text>
        ),
      }}
      columns={[
        {
          title: t('jobExecutions.fetchedMails.receivedAt'),
          key: 'receivedAt',
          width: DATE_TIME_COLUMN_WIDTH_COMPACT,
          render: (_, m) => formatDateTime(m.receivedAt),
        },
        {
          title: t('jobExecutions.fetchedMails.mail'),
          key: 'mail',
          render: (_, m) => (
            <>
              <Typography.Text strong>{m.subject || t('jobExecutions.fetchedMails.noSubject')}</Typography.Text>
              <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
                {t('jobExecutions.fetchedMails.fromTo', { sender: m.sender, account: m.account })}
              </Typography.Paragraph>
            </>
          ),
        },
        {
          title: t('jobExecutions.fetchedMails.attachment'),
          key: 'attachment',
          render: (_, m) => (
            <>
              <Typography.Text>{m.attachmentName}</Typography.Text>
              {m.pipelineName && (
                <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 12 }}>
                  {t('jobExecutions.fetchedMails.intoPipeline', { pipeline: m.pipelineName, rule: m.ruleName })}
                </Typography.Paragraph>
              )}
            </>
          ),
        },
        {
          title: t('jobExecutions.fetchedMails.outcome'),
          key: 'outcome',
          width: 280,
          render: (_, m) => (
            <Flex vertical gap={2} align="flex-start">
              <StatusTag
                status={TONE_OF[m.status] ?? m.status}
                label={isOutcome(m.status) ? t(`jobExecutions.fetchedMails.outcomes.${m.status}`) : m.status}
              />
              {m.fileId !== null && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('jobExecutions.fetchedMails.file', { id: m.fileId })}
                </Typography.Text>
              )}
              {m.detail && (
                <Typography.Paragraph
                  type={m.status === 'FAILED' ? 'danger' : 'secondary'}
                  style={{ margin: 0, fontSize: 12 }}
                >
                  {m.detail}
                </Typography.Paragraph>
              )}
            </Flex>
          ),
        },
      ]}
    />
  );
}
