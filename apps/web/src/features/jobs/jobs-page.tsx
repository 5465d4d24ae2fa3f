import {
  ApartmentOutlined,
  CloudUploadOutlined,
  EditOutlined,
  PlayCircleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { JobRow } from '@recon/contract';
import { PAGE_SIZE_OPTIONS } from '@recon/contract/constants';
import { Button, Card, Flex, Input, Space, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useJobs } from '@/features/jobs/api/get-jobs';
import { ParallelJobConfigModal } from '@/features/jobs/components/parallel-job-config-modal';
import { CRON_STATE_TONE, runStatusTone } from '@/features/jobs/job-status-tone';
import {
  CREATE_JOB_PATH,
  editJobPath,
  executionPath,
  runJobPath,
  uploadFileAndRunJobPath,
} from '@/features/jobs/jobs-paths';
import { readJobsUrlState, toJobsParams, writeJobsUrlState } from '@/features/jobs/jobs-url-state';
import { useHasPrivilege } from '@/lib/access-context';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';

/** Operations › Jobs: the module's jobs, paged on the server, with their schedule and last run. */
export default function JobsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readJobsUrlState(searchParams);
  const jobs = useJobs(current.id, toJobsParams(state));
  const canEdit = useHasPrivilege({ code: 'createJob' });
  const [isParallelOpen, setIsParallelOpen] = useState(false);

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        description={t('jobs.description')}
        extra={
          <Space wrap>
            <Button icon={<ApartmentOutlined />} onClick={() => setIsParallelOpen(true)}>
              {t('jobs.parallel.open')}
            </Button>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CREATE_JOB_PATH)}>
                {t('jobs.create')}
              </Button>
            )}
          </Space>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex style={{ padding: 16 }}>
          <Input.Search
            key={state.search}
            allowClear
            defaultValue={state.search}
            placeholder={t('jobs.searchHint')}
            aria-label={t('common.search')}
            onSearch={(search) => setSearchParams(writeJobsUrlState({ ...state, page: 1, search: search.trim() }))}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        {jobs.isError && !jobs.data ? (
          <QueryError onRetry={() => void jobs.refetch()} />
        ) : (
          <Table<JobRow>
            rowKey="id"
            loading={jobs.isFetching}
            dataSource={jobs.data?.data ?? []}
            locale={{ emptyText: jobs.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 1000 }}
            pagination={{
              current: state.page,
              pageSize: state.size,
              total: jobs.data?.recordsFiltered ?? 0,
              pageSizeOptions: [...PAGE_SIZE_OPTIONS],
              showSizeChanger: true,
              showTotal: (total, [from, to]) => t('common.pageRange', { from, to, total }),
              onChange: (page, size) =>
                setSearchParams(writeJobsUrlState({ ...state, page: size === state.size ? page : 1, size })),
            }}
            columns={[
              {
                title: t('jobs.name'),
                dataIndex: 'name',
                key: 'name',
                render: (name: string) => <span style={{ fontWeight: 500 }}>{name}</span>,
              },
              {
                title: t('jobs.descriptionLabel'),
                dataIndex: 'description',
                key: 'description',
                render: (value: string) => (
                  <Typography.Paragraph ellipsis={{ rows: 2, tooltip: value }} style={{ margin: 0 }}>
                    {value}
                  </Typography.Paragraph>
                ),
              },
              {
                title: t('jobs.activities'),
                dataIndex: 'activityCount',
                key: 'activityCount',
                width: 100,
                align: 'right',
              },
              {
                title: t('jobs.scheduleColumn'),
                key: 'schedule',
                width: 190,
                render: (_, row) => <ScheduleCell row={row} />,
              },
              {
                title: t('jobs.lastRun'),
                key: 'lastRun',
                width: 190,
                render: (_, row) =>
                  row.lastExecutionStatus && row.lastExecutionId ? (
                    <Space orientation="vertical" size={2}>
                      <Link to={executionPath(row.lastExecutionId)} aria-label={`${t('jobs.lastRun')} ${row.name}`}>
                        <StatusTag
                          status={runStatusTone(row.lastExecutionStatus)}
                          label={row.lastExecutionStatusLabel ?? row.lastExecutionStatus}
                        />
                      </Link>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {formatDateTime(row.lastExecutionAt)}
                      </Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('jobs.neverRun')}</Typography.Text>
                  ),
              },
              ...(canEdit
                ? [
                    {
                      title: t('common.actions'),
                      key: 'actions',
                      width: 150,
                      render: (_: unknown, row: JobRow) => (
                        <Space size={0}>
                          <Tooltip title={t('jobs.edit')}>
                            <Button
                              type="text"
                              icon={<EditOutlined />}
                              aria-label={`${t('jobs.edit')} ${row.name}`}
                              onClick={() => navigate(editJobPath(row.id))}
                            />
                          </Tooltip>
                          <Tooltip title={t('jobs.runAction')}>
                            <Button
                              type="text"
                              icon={<PlayCircleOutlined />}
                              aria-label={`${t('jobs.runAction')} ${row.name}`}
                              onClick={() => navigate(runJobPath(row.id))}
                            />
                          </Tooltip>
                          <Tooltip title={t('jobs.uploadAndRun')}>
                            <Button
                              type="text"
                              icon={<CloudUploadOutlined />}
                              aria-label={`${t('jobs.uploadAndRun')} ${row.name}`}
                              onClick={() => navigate(uploadFileAndRunJobPath(row.id))}
                            />
                          </Tooltip>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      <ParallelJobConfigModal isOpen={isParallelOpen} onClose={() => setIsParallelOpen(false)} />
    </>
  );
}

function ScheduleCell({ row }: { row: JobRow }) {
  const { t } = useTranslation();
  if (row.scheduleType === 'MANUAL' || !row.cronExpression) {
    return <Typography.Text type="secondary">{t('jobs.manual')}</Typography.Text>;
  }
  return (
    <Space orientation="vertical" size={2}>
      <Typography.Text code>{row.cronExpression}</Typography.Text>
      {row.cronState && (
        <StatusTag status={CRON_STATE_TONE[row.cronState]} label={t(`jobs.cronStates.${row.cronState}`)} />
      )}
    </Space>
  );
}
