import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Pipeline } from '@recon/contract';
import { Button, Card, Flex, Input, Space, Table, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PipelineFormModal } from '@/features/pipelines/components/pipeline-form-modal';
import {
  configureFileUploadPath,
  editUploadedFileConfigPath,
  FILE_CONFIG_STATUS_TONE,
} from '@/features/pipelines/file-config-status';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { usePipelines } from '@/lib/reads/pipelines';
import { DATE_TIME_COLUMN_WIDTH } from '@/ui/column-widths';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { StatusTag } from '@/ui/status-tag';
import { useClientPagination } from '@/ui/use-table-pagination';

type Editing = { mode: 'create' } | { mode: 'edit'; pipeline: Pipeline } | null;

/** Operations › Configuration › Pipelines: where each data table is loaded from, and its file-upload config. */
export default function PipelinesPage() {
  const { t } = useTranslation();
  const pagination = useClientPagination();
  const { current } = useModuleSelection();
  const pipelines = usePipelines(current.id);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    const all = pipelines.data ?? [];
    if (!text) return all;
    return all.filter((p) => [p.name, p.source, p.dataTable.name].some((value) => value.toLowerCase().includes(text)));
  }, [pipelines.data, search]);

  return (
    <>
      <PageHeader
        title={t('pipelines.title')}
        description={t('pipelines.description')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('pipelines.create')}
          </Button>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex style={{ padding: 16 }}>
          <Input.Search
            allowClear
            placeholder={t('pipelines.searchHint')}
            aria-label={t('common.search')}
            onSearch={setSearch}
            onChange={(e) => {
              if (!e.target.value) setSearch('');
            }}
            style={{ maxWidth: 320 }}
          />
        </Flex>
        {pipelines.isError && !pipelines.data ? (
          <QueryError onRetry={() => void pipelines.refetch()} />
        ) : (
          <Table<Pipeline>
            rowKey="id"
            loading={pipelines.isPending}
            dataSource={rows}
            locale={{ emptyText: pipelines.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: 900 }}
            pagination={pagination}
            columns={[
              {
                title: t('pipelines.name'),
                dataIndex: 'name',
                key: 'name',
                sorter: (a, b) => a.name.localeCompare(b.name),
                render: (name: string, row) => (
                  <Space orientation="vertical" size={0}>
                    <span style={{ fontWeight: 500 }}>{name}</span>
                    {row.description && <span style={{ color: 'rgba(0,0,0,0.45)' }}>{row.description}</span>}
                  </Space>
                ),
              },
              { title: t('pipelines.source'), dataIndex: 'source', key: 'source', width: 170 },
              {
                title: t('pipelines.dataTable'),
                key: 'dataTable',
                render: (_, row) => row.dataTable.name,
              },
              {
                title: t('pipelines.fileUploadConfig'),
                key: 'fileUploadConfig',
                width: 220,
                render: (_, row) => <FileConfigCell pipeline={row} />,
              },
              {
                title: t('pipelines.updatedAt'),
                dataIndex: 'updatedAt',
                key: 'updatedAt',
                width: DATE_TIME_COLUMN_WIDTH,
                render: (value: string) => formatDateTime(value),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 90,
                render: (_, row) => (
                  <Tooltip title={t('pipelines.edit')}>
                    <Button
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`${t('pipelines.edit')} ${row.name}`}
                      onClick={() => setEditing({ mode: 'edit', pipeline: row })}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
        )}
      </Card>
      <PipelineFormModal
        key={editing?.mode === 'edit' ? editing.pipeline.id : 'new'}
        isOpen={editing !== null}
        pipeline={editing?.mode === 'edit' ? editing.pipeline : null}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

/** The status tag, with Configure (Pending) or Edit (Configured); Not Required offers nothing. */
function FileConfigCell({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation();
  const status = pipeline.fileUploadConfigStatus;
  return (
    <Space size={8}>
      <StatusTag status={FILE_CONFIG_STATUS_TONE[status]} label={status} />
      {status === 'Pending' && (
        <Link
          to={configureFileUploadPath(pipeline.id, pipeline.name)}
          aria-label={`${t('pipelines.configure')} ${pipeline.name}`}
        >
          {t('pipelines.configure')}
        </Link>
      )}
      {status === 'Configured' && (
        <Link
          to={editUploadedFileConfigPath(pipeline.id, pipeline.name)}
          aria-label={`${t('pipelines.editConfig')} ${pipeline.name}`}
        >
          {t('pipelines.editConfig')}
        </Link>
      )}
    </Space>
  );
}
