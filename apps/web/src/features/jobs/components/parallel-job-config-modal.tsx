import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { ParallelJobConfig } from '@recon/contract';
import { PARALLEL_JOB_CONFIG_TEXTS } from '@recon/contract/texts';
import { Button, Card, Flex, Modal, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteParallelJobConfig } from '@/features/jobs/api/delete-parallel-job-config';
import { useParallelJobConfigs } from '@/features/jobs/api/get-parallel-job-configs';
import { ParallelJobConfigForm } from '@/features/jobs/components/parallel-job-config-form';
import { useHasPrivilege } from '@/lib/access-context';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';

type Editing = { config: ParallelJobConfig | null } | null;
type Props = { isOpen: boolean; onClose: () => void };

/** Job Parallel Config: which jobs (or modules) may run at the same time, listed with view/edit and delete. */
export function ParallelJobConfigModal({ isOpen, onClose }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const canEdit = useHasPrivilege({ code: 'createJob' });
  const configs = useParallelJobConfigs(current.id, isOpen);
  const remove = useDeleteParallelJobConfig(PARALLEL_JOB_CONFIG_TEXTS.deleted);
  const [editing, setEditing] = useState<Editing>(null);

  const close = () => {
    setEditing(null);
    onClose();
  };

  return (
    <Modal open={isOpen} title={t('jobs.parallel.title')} onCancel={close} footer={null} width={880} destroyOnHidden>
      {configs.isError && !configs.data ? (
        <QueryError onRetry={() => void configs.refetch()} />
      ) : (
        <Table<ParallelJobConfig>
          rowKey="id"
          size="small"
          loading={configs.isPending}
          dataSource={configs.data ?? []}
          locale={{ emptyText: configs.isPending ? ' ' : <EmptyState /> }}
          pagination={false}
          scroll={{ y: 280 }}
          columns={[
            { title: t('jobs.parallel.configName'), dataIndex: 'configName', key: 'configName', width: 200 },
            {
              title: t('jobs.parallel.configType'),
              dataIndex: 'configType',
              key: 'configType',
              width: 120,
              render: (type: ParallelJobConfig['configType']) => t(`jobs.parallel.types.${type}`),
            },
            {
              title: t('jobs.parallel.items'),
              key: 'configs',
              render: (_, row) => (
                <Flex wrap gap={4}>
                  {row.configs.map((c) => (
                    <Tag key={c.id}>{c.name}</Tag>
                  ))}
                </Flex>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              width: 100,
              render: (_, row) => (
                <Space size={0}>
                  <Tooltip title={canEdit ? t('jobs.parallel.viewEdit') : t('jobs.parallel.view')}>
                    <Button
                      type="text"
                      icon={canEdit ? <EditOutlined /> : <EyeOutlined />}
                      aria-label={`${canEdit ? t('jobs.parallel.viewEdit') : t('jobs.parallel.view')} ${row.configName}`}
                      onClick={() => setEditing({ config: row })}
                    />
                  </Tooltip>
                  {canEdit && (
                    <Popconfirm
                      title={t('jobs.confirmTitle')}
                      okText={t('jobs.confirm')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        remove.mutateAsync(row.id).then(() => {
                          if (editing?.config?.id === row.id) setEditing(null);
                        })
                      }
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${row.configName}`}
                      />
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={
          editing === null
            ? t('jobs.parallel.formTitle')
            : editing.config
              ? editing.config.configName
              : t('jobs.parallel.newTitle')
        }
        extra={
          canEdit &&
          editing?.config !== null && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ config: null })}>
              {t('jobs.parallel.new')}
            </Button>
          )
        }
      >
        {editing === null ? (
          <div style={{ color: 'rgba(0,0,0,0.45)' }}>
            {canEdit ? t('jobs.parallel.pick') : t('jobs.parallel.pickView')}
          </div>
        ) : (
          <ParallelJobConfigForm
            key={editing.config?.id ?? 'new'}
            config={editing.config}
            canEdit={canEdit}
            onDone={() => setEditing(null)}
          />
        )}
      </Card>
    </Modal>
  );
}
