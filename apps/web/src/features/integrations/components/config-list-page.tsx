import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Popconfirm, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ConfigResource,
  configListKey,
  useConfigList,
  useDeleteConfig,
} from '@/features/integrations/api/config-resource';
import { useModuleSelection } from '@/lib/module-context';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { useClientPagination } from '@/ui/use-table-pagination';

/** Which record the form is open for: null closed, `{ record: null }` a new one. */
export type Editing<Row> = { record: Row | null } | null;

type Props<Row, Save> = {
  resource: ConfigResource<Row, Save>;
  title: string;
  description: string;
  createLabel: string;
  /** How a row is named in its buttons and the delete confirmation. */
  nameOf: (row: Row) => string;
  columns: TableColumnsType<Row>;
  scrollX: number;
  /** The create/edit modal for the record being edited (closed when `editing` is null). */
  form: (editing: Editing<Row>, close: () => void) => ReactNode;
  /** Rows can be selected and deleted together in one call (tag mapping's comma-joined ids). */
  deleteMany?: { run: (rows: Row[]) => Promise<unknown>; confirmTitle: (count: number) => string };
};

/**
 * A config resource of Settings › Integrations: header with its create button, the module's rows with edit and
 * delete (after a confirmation), and the page's create/edit modal.
 */
export function ConfigListPage<Row extends { id: number }, Save>({
  resource,
  title,
  description,
  createLabel,
  nameOf,
  columns,
  scrollX,
  form,
  deleteMany,
}: Props<Row, Save>) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const queryClient = useQueryClient();
  const rows = useConfigList(resource, current.id);
  const remove = useDeleteConfig(resource, t('integrations.messages.deleted'));
  const pagination = useClientPagination();
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [selected, setSelected] = useState<Row[]>([]);
  const removeMany = useMutation({
    mutationFn: (chosen: Row[]) => (deleteMany ? deleteMany.run(chosen) : Promise.resolve()),
    meta: { successMessage: t('integrations.messages.deleted') },
    onSuccess: () => {
      setSelected([]);
      return queryClient.invalidateQueries({ queryKey: configListKey(resource.key, current.id) });
    },
  });

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        extra={
          <Flex gap={8}>
            {deleteMany && selected.length > 0 && (
              <Popconfirm
                title={deleteMany.confirmTitle(selected.length)}
                description={t('integrations.deleteConfirmText')}
                onConfirm={() => removeMany.mutateAsync(selected)}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('integrations.deleteSelected', { count: selected.length })}
                </Button>
              </Popconfirm>
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
              {createLabel}
            </Button>
          </Flex>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        {rows.isError && !rows.data ? (
          <QueryError onRetry={() => void rows.refetch()} />
        ) : (
          <Table<Row>
            rowKey="id"
            loading={rows.isFetching}
            dataSource={rows.data ?? []}
            locale={{ emptyText: rows.isPending ? ' ' : <EmptyState /> }}
            pagination={pagination}
            scroll={{ x: scrollX }}
            rowSelection={
              deleteMany
                ? {
                    selectedRowKeys: selected.map((r) => r.id),
                    onChange: (_, rowsChosen) => setSelected(rowsChosen),
                    getCheckboxProps: (row) => ({ 'aria-label': t('integrations.select', { name: nameOf(row) }) }),
                  }
                : undefined
            }
            columns={[
              ...columns,
              {
                title: t('common.actions'),
                key: 'actions',
                width: 110,
                fixed: 'right',
                render: (_, row) => (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={`${t('common.edit')} ${nameOf(row)}`}
                        onClick={() => setEditing({ record: row })}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('integrations.deleteConfirmTitle', { name: nameOf(row) })}
                      description={t('integrations.deleteConfirmText')}
                      onConfirm={() => remove.mutateAsync(row)}
                      okText={t('common.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('common.delete')} ${nameOf(row)}`}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      {/* A fresh form each time it opens: nothing typed before (a secret above all) is ever shown again. */}
      <Fragment key={editing ? `open-${editing.record?.id ?? 'new'}` : 'closed'}>
        {form(editing, () => setEditing(null))}
      </Fragment>
    </>
  );
}
