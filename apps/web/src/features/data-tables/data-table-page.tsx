import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataTableColumn } from '@recon/contract';
import { Button, Card, Descriptions, Flex, Result, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AddColumnModal } from '@/features/data-tables/components/add-column-modal';
import { DuplicateCheckCard } from '@/features/data-tables/components/duplicate-check-card';
import { DATA_TABLES_PATH } from '@/features/data-tables/paths';
import { formatDate } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useDataTable } from '@/lib/reads/data-tables';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';

/** One data table: where it lives, its columns (add one), and its duplicate-check columns. */
export default function DataTablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const table = useDataTable(current.id, id);
  const [isAdding, setIsAdding] = useState(false);

  if (!Number.isInteger(id) || id <= 0) {
    return <Result status="404" title={t('opsConfig.dataTables.notFound')} />;
  }
  if (table.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (table.isError) return <QueryError onRetry={() => void table.refetch()} />;
  const detail = table.data;

  return (
    <>
      <PageHeader
        title={
          <Flex align="center" gap={8}>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label={t('opsConfig.common.back')}
              onClick={() => navigate(DATA_TABLES_PATH)}
            />
            {detail.name}
            <Tag color={detail.kind === 'MASTER' ? 'purple' : 'geekblue'}>
              {t(`opsConfig.dataTables.kinds.${detail.kind}`)}
            </Tag>
          </Flex>
        }
        description={detail.description || undefined}
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('opsConfig.dataTables.physicalTable')}>
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {detail.tableName}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataTables.historyTable')}>
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {detail.historyTableName}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataTables.invalidTable')}>
            <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
              {detail.invalidTableName}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.createdOn')}>{formatDate(detail.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.updatedOn')}>{formatDate(detail.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={t('opsConfig.dataTables.columnsCount', { count: detail.columns.length })}
        style={{ marginBottom: 16 }}
        extra={
          <Button icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
            {t('opsConfig.dataTables.addColumn')}
          </Button>
        }
        styles={{ body: { padding: 0 } }}
      >
        <Table<DataTableColumn>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={detail.columns}
          locale={{ emptyText: <EmptyState /> }}
          columns={[
            { title: '#', dataIndex: 'sequence', key: 'sequence', width: 60 },
            {
              title: t('opsConfig.dataTables.columnName'),
              dataIndex: 'name',
              key: 'name',
              render: (name: string) => (
                <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
                  {name}
                </Typography.Text>
              ),
            },
            { title: t('opsConfig.dataTables.dataType'), dataIndex: 'dataType', key: 'dataType', width: 140 },
            {
              title: t('opsConfig.dataTables.amount'),
              dataIndex: 'isMoney',
              key: 'isMoney',
              width: 120,
              render: (isMoney: boolean) => (isMoney ? <Tag color="gold">{t('opsConfig.dataTables.money')}</Tag> : ''),
            },
            {
              title: t('opsConfig.dataTables.maxLength'),
              dataIndex: 'maxLength',
              key: 'maxLength',
              width: 140,
              align: 'right',
              render: (value: number | null, column) =>
                column.dataType === 'VARCHAR' ? (value ?? t('opsConfig.dataTables.noLimit')) : '',
            },
          ]}
        />
      </Card>
      <DuplicateCheckCard table={detail} />
      <AddColumnModal
        tableId={detail.id}
        existingNames={detail.columns.map((c) => c.name)}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
      />
    </>
  );
}
