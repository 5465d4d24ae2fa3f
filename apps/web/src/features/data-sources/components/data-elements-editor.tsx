import { PlusOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { arrayMove } from '@dnd-kit/sortable';
import type { DataElement } from '@recon/contract';
import { Button, Card, Flex, Switch, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTableColumns } from '@/features/data-sources/api/get-table-columns';
import { useSaveDataElements } from '@/features/data-sources/api/update-data-element';
import { AddElementModal } from '@/features/data-sources/components/add-element-modal';
import { elementChanges, renumber } from '@/features/data-sources/element-changes';
import { inputTypeOptions } from '@/features/data-sources/element-input-types';
import { useModuleSelection } from '@/lib/module-context';
import { useDataElements } from '@/lib/reads/data-sources';
import { AppSelect } from '@/ui/app-select';
import { CodeText } from '@/ui/code-text';
import { EmptyState } from '@/ui/empty-state';
import { QueryError } from '@/ui/query-error';
import { DragHandle, SortableRow, SortableRows } from '@/ui/sortable-rows';

type Props = { dataSourceId: number; table: string; isEditable: boolean };

/**
 * The data source's elements in their order: switch each on or off, choose its input type, drag to reorder,
 * add one of the table's remaining columns. Changes are kept here until Save sends them.
 */
export function DataElementsEditor({ dataSourceId, table, isEditable }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const elements = useDataElements(current.id, dataSourceId);
  const columns = useTableColumns(current.id, isEditable ? table : undefined);
  const save = useSaveDataElements(t('opsConfig.common.updated'));
  const [draft, setDraft] = useState<DataElement[] | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const saved = elements.data ?? [];
  const rows = draft ?? saved;
  const changes = draft ? elementChanges(saved, draft) : [];
  const isDirty = changes.length > 0;
  const used = new Set(saved.map((e) => e.name));
  const freeColumns = (columns.data ?? []).filter((c) => !c.isSystem && !used.has(c.name));

  const edit = (id: number, patch: Partial<DataElement>) =>
    setDraft(renumber(rows.map((e) => (e.id === id ? { ...e, ...patch } : e))));

  const onSave = () => save.mutate({ dataSourceId, changes }, { onSettled: () => setDraft(null) });

  if (elements.isError) return <QueryError onRetry={() => void elements.refetch()} />;

  const elementsTable = (
    <Table<DataElement>
      rowKey="id"
      size="small"
      loading={elements.isPending}
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: elements.isPending ? ' ' : <EmptyState /> }}
      components={isEditable ? { body: { row: SortableRow } } : undefined}
      columns={[
        ...(isEditable
          ? [
              {
                key: 'drag',
                width: 44,
                render: (_: unknown, e: DataElement) => (
                  <DragHandle label={t('opsConfig.dataSources.dragElement', { name: e.name })} />
                ),
              },
            ]
          : []),
        { title: '#', key: 'position', width: 56, render: (_: unknown, __: DataElement, i: number) => i + 1 },
        {
          title: t('opsConfig.dataSources.elementName'),
          dataIndex: 'name',
          key: 'name',
          render: (name: string) => <CodeText>{name}</CodeText>,
        },
        { title: t('opsConfig.dataSources.elementType'), dataIndex: 'type', key: 'type', width: 120 },
        {
          title: t('opsConfig.dataSources.inputType'),
          key: 'inputType',
          width: 180,
          render: (_: unknown, e: DataElement) =>
            isEditable ? (
              <AppSelect<string>
                aria-label={t('opsConfig.dataSources.inputTypeOf', { name: e.name })}
                size="small"
                allowClear={false}
                value={e.inputType}
                options={inputTypeOptions(e.inputType)}
                onChange={(inputType) => edit(e.id, { inputType })}
                style={{ width: 150 }}
              />
            ) : (
              e.inputType
            ),
        },
        {
          title: t('opsConfig.dataSources.active'),
          key: 'active',
          width: 100,
          render: (_: unknown, e: DataElement) =>
            isEditable ? (
              <Switch
                size="small"
                checked={e.active}
                aria-label={t('opsConfig.dataSources.activeOf', { name: e.name })}
                onChange={(active) => edit(e.id, { active })}
              />
            ) : (
              <Tag color={e.active ? 'success' : 'default'}>
                {e.active ? t('opsConfig.dataSources.activeYes') : t('opsConfig.dataSources.activeNo')}
              </Tag>
            ),
        },
      ]}
    />
  );

  return (
    <Card
      title={t('opsConfig.dataSources.elements', { count: rows.length })}
      styles={{ body: { padding: 0 } }}
      extra={
        isEditable && (
          <Flex gap={8}>
            <Tooltip title={isDirty ? t('opsConfig.dataSources.saveFirst') : undefined}>
              <Button icon={<PlusOutlined />} disabled={isDirty} onClick={() => setIsAdding(true)}>
                {t('opsConfig.dataSources.addElement')}
              </Button>
            </Tooltip>
            <Button icon={<UndoOutlined />} disabled={!isDirty || save.isPending} onClick={() => setDraft(null)}>
              {t('common.reset')}
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!isDirty}
              loading={save.isPending}
              onClick={onSave}
            >
              {t('opsConfig.dataSources.saveElements')}
            </Button>
          </Flex>
        )
      }
    >
      {isEditable ? (
        <SortableRows ids={rows.map((e) => e.id)} onMove={(from, to) => setDraft(renumber(arrayMove(rows, from, to)))}>
          {elementsTable}
        </SortableRows>
      ) : (
        elementsTable
      )}
      {isEditable && (
        <AddElementModal
          dataSourceId={dataSourceId}
          columns={freeColumns}
          isOpen={isAdding}
          onClose={() => setIsAdding(false)}
        />
      )}
    </Card>
  );
}
