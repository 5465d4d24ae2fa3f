import { arrayMove } from '@dnd-kit/sortable';
import type { DataSourceRow } from '@recon/contract';
import { Flex, Form, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateDataSourceSequence } from '@/features/data-sources/api/update-data-source-sequence';
import { useModuleSelection } from '@/lib/module-context';
import { useReconDataSources } from '@/lib/reads/data-sources';
import { useReconOptions } from '@/lib/reads/recons';
import { AppSelect } from '@/ui/app-select';
import { EmptyState } from '@/ui/empty-state';
import { DragHandle, SortableRow, SortableRows } from '@/ui/sortable-rows';

type Props = { isOpen: boolean; onClose: () => void };

/** Side A is a recon's first data source and side B its second: the order decides what is matched with what. */
const SIDE_BY_POSITION: Partial<Record<number, 'A' | 'B'>> = { 1: 'A', 2: 'B' };

/** The order of one recon's data sources, dragged into place and saved in one call. */
export function ReconOrderModal({ isOpen, onClose }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const recons = useReconOptions(current.id);
  const [reconId, setReconId] = useState<number | undefined>(undefined);
  const dataSources = useReconDataSources(current.id, reconId);
  const [draft, setDraft] = useState<DataSourceRow[] | null>(null);
  const save = useUpdateDataSourceSequence(t('opsConfig.common.updated'));
  const rows = draft ?? dataSources.data ?? [];
  const isDirty = draft?.some((d, i) => d.id !== dataSources.data?.[i]?.id) ?? false;

  const close = () => {
    setDraft(null);
    setReconId(undefined);
    onClose();
  };

  const onSave = () =>
    save.mutate(
      rows.map((d, i) => ({ id: d.id, sequence: i + 1 })),
      { onSuccess: close },
    );

  return (
    <Modal
      open={isOpen}
      title={t('opsConfig.dataSources.reconOrder')}
      onCancel={close}
      onOk={onSave}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !isDirty }}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('opsConfig.dataSources.reconOrderHelp')}</Typography.Paragraph>
      <Form name="reconOrder" layout="vertical">
        <Form.Item label={t('opsConfig.dataSources.recon')}>
          <AppSelect<number>
            aria-label={t('opsConfig.dataSources.recon')}
            loading={recons.isPending}
            value={reconId}
            options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
            onChange={(next) => {
              setReconId(next);
              setDraft(null);
            }}
          />
        </Form.Item>
      </Form>
      {reconId !== undefined && (
        <SortableRows ids={rows.map((d) => d.id)} onMove={(from, to) => setDraft(arrayMove(rows, from, to))}>
          <Table<DataSourceRow>
            rowKey="id"
            size="small"
            pagination={false}
            loading={dataSources.isFetching}
            dataSource={rows}
            locale={{ emptyText: <EmptyState /> }}
            components={{ body: { row: SortableRow } }}
            columns={[
              {
                key: 'drag',
                width: 44,
                render: (_, d) => <DragHandle label={t('opsConfig.dataSources.dragDataSource', { name: d.name })} />,
              },
              {
                title: t('opsConfig.dataSources.sequence'),
                key: 'sequence',
                width: 110,
                render: (_, __, i) => {
                  const side = SIDE_BY_POSITION[i + 1];
                  return (
                    <Flex gap={6} align="center">
                      {i + 1}
                      {side && (
                        <Tag color={side === 'A' ? 'blue' : 'cyan'}>{t(`opsConfig.dataSources.side${side}`)}</Tag>
                      )}
                    </Flex>
                  );
                },
              },
              { title: t('opsConfig.dataSources.name'), dataIndex: 'name', key: 'name' },
              { title: t('opsConfig.dataSources.table'), dataIndex: 'table', key: 'table' },
            ]}
          />
        </SortableRows>
      )}
    </Modal>
  );
}
