import type { RollbackApproval } from '@recon/contract';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** What approving the rollback undoes: the rows its files loaded, its recon runs and the actions rolled back first. */
export function RollbackImpactSummary({ rollback }: { rollback: RollbackApproval }) {
  const { t } = useTranslation();
  const { impact } = rollback;
  const runs = [...impact.dependencies.filter((d) => !d.isBlocking), ...impact.reconRuns];
  return (
    <Flex vertical gap={12}>
      {impact.blockedReason && <Alert type="warning" showIcon title={impact.blockedReason} />}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('approvals.impactTables')}
      </Typography.Title>
      <Table
        rowKey="pipelineId"
        size="small"
        pagination={false}
        dataSource={impact.tables}
        locale={{ emptyText: t('approvals.impactNoTables') }}
        columns={[
          { title: t('approvals.pipeline'), dataIndex: 'pipelineName', key: 'pipeline' },
          { title: t('approvals.dataTable'), dataIndex: 'dataTableName', key: 'table' },
          {
            title: t('approvals.files'),
            key: 'files',
            render: (_, row) => row.files.map((f) => f.originalName).join(', ') || '—',
          },
          { title: t('approvals.rows'), dataIndex: 'rows', key: 'rows', align: 'right', width: 100 },
          { title: t('approvals.invalidRows'), dataIndex: 'invalidRows', key: 'invalid', align: 'right', width: 120 },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('approvals.impactRuns')}
      </Typography.Title>
      <Table
        rowKey="runId"
        size="small"
        pagination={false}
        dataSource={runs}
        locale={{ emptyText: t('approvals.impactNoRuns') }}
        columns={[
          { title: t('approvals.run'), dataIndex: 'runId', key: 'run', width: 90, render: (id: number) => `#${id}` },
          { title: t('approvals.recon'), dataIndex: 'reconName', key: 'recon' },
          { title: t('approvals.runKind'), dataIndex: 'kindLabel', key: 'kind' },
          {
            title: t('approvals.runStarted'),
            key: 'started',
            render: (_, r) => `${formatDateTime(r.startedAt)}${r.startedBy ? ` · ${r.startedBy}` : ''}`,
          },
          { title: t('approvals.rowsClosed'), dataIndex: 'rowsClosed', key: 'closed', align: 'right', width: 120 },
        ]}
      />
    </Flex>
  );
}
