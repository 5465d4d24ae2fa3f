import { PlusOutlined } from '@ant-design/icons';
import type { DataTableColumn, DataTableDetail } from '@recon/contract';
import { Button, Card, Descriptions, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AddColumnModal } from '@/features/data-tables/components/add-column-modal';
import { DuplicateCheckCard } from '@/features/data-tables/components/duplicate-check-card';
import { DATA_TABLES_PATH } from '@/features/data-tables/paths';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useDataTable } from '@/lib/reads/data-tables';
import { BackTitle } from '@/ui/back-title';
import { CodeText } from '@/ui/code-text';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { RecordPage } from '@/ui/record-page';

function DataTableDetails({ detail }: { detail: DataTableDetail }) {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <>
      <PageHeader
        title={
          <BackTitle backTo={DATA_TABLES_PATH}>
            {detail.name}
            <Tag color={detail.kind === 'MASTER' ? 'purple' : 'geekblue'}>
              {t(`opsConfig.dataTables.kinds.${detail.kind}`)}
            </Tag>
          </BackTitle>
        }
        description={detail.description || undefined}
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('opsConfig.dataTables.physicalTable')}>
            <CodeText>{detail.tableName}</CodeText>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataTables.historyTable')}>
            <CodeText>{detail.historyTableName}</CodeText>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.dataTables.invalidTable')}>
            <CodeText>{detail.invalidTableName}</CodeText>
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.createdOn')}>
            {formatDateTime(detail.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('opsConfig.common.updatedOn')}>
            {formatDateTime(detail.updatedAt)}
          </Descriptions.Item>
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
              render: (name: string) => <CodeText>{name}</CodeText>,
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

/** One data table: where it lives, its columns (add one), and its duplicate-check columns. */
export default function DataTablePage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const table = useDataTable(current.id, id);
  return (
    <RecordPage id={id} query={table} notFoundTitle={t('opsConfig.dataTables.notFound')}>
      {(detail) => <DataTableDetails detail={detail} />}
    </RecordPage>
  );
}
