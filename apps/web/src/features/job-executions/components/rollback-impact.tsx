import type { RollbackImpact, RollbackImpactRun, RollbackImpactTable } from '@recon/contract';
import { Alert, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useNumberLocale } from '@/lib/number-format';

type Dependency = RollbackImpact['dependencies'][number];

/** What a rollback of the run undoes — its recon runs, its loaded rows — and what blocks it or goes with it. */
export function RollbackImpactView({ impact }: { impact: RollbackImpact }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const n = (value: number) => formatNumber(value, locale, 0);
  const blockingRuns = impact.dependencies.filter((d) => d.isBlocking);
  const withIt = impact.dependencies.filter((d) => !d.isBlocking);

  const runColumns: ColumnsType<RollbackImpactRun> = [
    {
      title: t('rollbacks.reconRun'),
      key: 'run',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{t('rollbacks.entityRun', { name: r.reconName, id: r.runId })}</Typography.Text>
          <Typography.Text type="secondary">
            {r.kindLabel} · {formatDateTime(r.startedAt)}
            {r.startedBy ? ` · ${r.startedBy}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('rollbacks.rowsClosed'), dataIndex: 'rowsClosed', width: 120, align: 'right', render: n },
    { title: t('rollbacks.statesRestored'), dataIndex: 'statesRestored', width: 130, align: 'right', render: n },
  ];
  const dependencyColumns: ColumnsType<Dependency> = [
    ...(runColumns as ColumnsType<Dependency>).slice(0, 2),
    {
      title: t('rollbacks.reason'),
      key: 'reason',
      width: 220,
      render: (_, d) => t(`rollbacks.reasons.${d.reason}`),
    },
  ];
  const tableColumns: ColumnsType<RollbackImpactTable> = [
    {
      title: t('rollbacks.pipeline'),
      key: 'pipeline',
      render: (_, p) => (
        <Flex vertical>
          <Typography.Text strong>{p.pipelineName}</Typography.Text>
          <Typography.Text type="secondary">
            {t('rollbacks.dataTable')}: {p.dataTableName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('rollbacks.files'),
      key: 'files',
      render: (_, p) => (
        <Flex vertical>
          {p.files.map((f) => (
            <span key={f.id} style={{ overflowWrap: 'anywhere' }}>
              {f.originalName}
            </span>
          ))}
        </Flex>
      ),
    },
    { title: t('rollbacks.rows'), dataIndex: 'rows', width: 110, align: 'right', render: n },
    { title: t('rollbacks.invalidRows'), dataIndex: 'invalidRows', width: 110, align: 'right', render: n },
  ];

  return (
    <Flex vertical gap={16}>
      {impact.blockedReason && (
        <Alert
          type="error"
          showIcon
          title={impact.blockingExecutions.length > 0 ? t('rollbacks.impactBlocking') : impact.blockedReason}
          description={
            impact.blockingExecutions.length > 0 && (
              <Flex vertical gap={4}>
                <span>{t('rollbacks.impactBlockingHelp')}</span>
                {impact.blockingExecutions.map((b) => (
                  <span key={b.jobExecutionId}>
                    <Typography.Text strong>{t('rollbacks.runNumber', { id: b.jobExecutionId })}</Typography.Text>{' '}
                    {b.jobName} — {b.reasons.map((r) => t(`rollbacks.reasons.${r}`)).join(', ')}
                  </span>
                ))}
                {blockingRuns.length > 0 && (
                  <Typography.Text type="secondary">
                    {blockingRuns.map((d) => t('rollbacks.entityRun', { name: d.reconName, id: d.runId })).join(', ')}
                  </Typography.Text>
                )}
              </Flex>
            )
          }
        />
      )}
      <Typography.Text>{t('rollbacks.impactIntro')}</Typography.Text>
      {withIt.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('rollbacks.impactDependencies')}</Typography.Title>
          <Table<Dependency>
            rowKey="runId"
            size="small"
            pagination={false}
            dataSource={withIt}
            columns={dependencyColumns}
          />
        </section>
      )}
      <section>
        <Typography.Title level={5}>{t('rollbacks.impactRuns')}</Typography.Title>
        {impact.reconRuns.length === 0 ? (
          <Typography.Text type="secondary">{t('rollbacks.impactNoRuns')}</Typography.Text>
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {t('rollbacks.impactRunsHelp')}
            </Typography.Paragraph>
            <Table<RollbackImpactRun>
              rowKey="runId"
              size="small"
              pagination={false}
              dataSource={impact.reconRuns}
              columns={runColumns}
            />
          </>
        )}
      </section>
      <section>
        <Typography.Title level={5}>{t('rollbacks.impactTables')}</Typography.Title>
        {impact.tables.length === 0 ? (
          <Typography.Text type="secondary">{t('rollbacks.impactNoTables')}</Typography.Text>
        ) : (
          <Table<RollbackImpactTable>
            rowKey="pipelineId"
            size="small"
            pagination={false}
            dataSource={impact.tables}
            columns={tableColumns}
          />
        )}
      </section>
    </Flex>
  );
}
