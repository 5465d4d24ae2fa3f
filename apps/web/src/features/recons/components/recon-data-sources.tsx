import { PlusOutlined } from '@ant-design/icons';
import type { ReconDetail } from '@recon/contract';
import { Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { createDataSourceForReconPath, viewDataSourcePath } from '@/features/recons/paths';
import { useHasPrivilege } from '@/lib/access-context';
import { CodeText } from '@/ui/code-text';
import { EmptyState } from '@/ui/empty-state';

type DataSource = ReconDetail['dataSources'][number];

/** The recon's data sources in their order; each opens its page, and a new one can be added here. */
export function ReconDataSources({ recon }: { recon: ReconDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canView = useHasPrivilege({ code: 'viewDataSource' });
  const canCreate = useHasPrivilege({ code: 'createEditDataSource' });

  return (
    <Card
      title={t('opsConfig.recons.dataSources')}
      style={{ marginBottom: 16 }}
      styles={{ body: { padding: 0 } }}
      extra={
        canCreate && (
          <Button icon={<PlusOutlined />} onClick={() => navigate(createDataSourceForReconPath(recon.id))}>
            {t('opsConfig.recons.addDataSource')}
          </Button>
        )
      }
    >
      <Table<DataSource>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={recon.dataSources}
        locale={{ emptyText: <EmptyState /> }}
        columns={[
          { title: t('opsConfig.recons.sequence'), dataIndex: 'sequence', key: 'sequence', width: 100 },
          {
            title: t('opsConfig.recons.dataSourceName'),
            dataIndex: 'name',
            key: 'name',
            render: (name: string, row) => (canView ? <Link to={viewDataSourcePath(row.id)}>{name}</Link> : name),
          },
          {
            title: t('opsConfig.recons.side'),
            dataIndex: 'side',
            key: 'side',
            width: 100,
            render: (side: DataSource['side']) =>
              side ? <Tag color={side === 'A' ? 'blue' : 'cyan'}>{t(`opsConfig.recons.side${side}`)}</Tag> : '',
          },
          {
            title: t('opsConfig.recons.table'),
            dataIndex: 'tableName',
            key: 'tableName',
            render: (name: string) => <CodeText>{name}</CodeText>,
          },
        ]}
      />
    </Card>
  );
}
