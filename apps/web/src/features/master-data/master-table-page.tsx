import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataTableDetail, MasterDataRow } from '@recon/contract';
import { MASTER_DATA_TEXTS } from '@recon/contract/texts';
import { Button, Card, Popconfirm, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeleteMasterRow } from '@/features/master-data/api/delete-master-row';
import { useMasterRows } from '@/features/master-data/api/get-master-rows';
import { useMasterTable } from '@/features/master-data/api/get-master-table';
import { displayCell, isNumericColumn } from '@/features/master-data/cell-values';
import { RowModal } from '@/features/master-data/components/row-modal';
import { SearchBar } from '@/features/master-data/components/search-bar';
import { readPagedSearch, writePagedSearch } from '@/features/master-data/list-params';
import { MASTER_DATA_PATH } from '@/features/master-data/paths';
import { pageStart } from '@/lib/list-paging';
import { useModuleSelection } from '@/lib/module-context';
import { useNumberLocale } from '@/lib/number-format';
import { useUrlListState } from '@/lib/use-url-list-state';
import { BackTitle } from '@/ui/back-title';
import { CodeText } from '@/ui/code-text';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { QueryError } from '@/ui/query-error';
import { RecordPage } from '@/ui/record-page';
import { useTablePagination } from '@/ui/use-table-pagination';

function RowsTable({ table }: { table: DataTableDetail }) {
  const { t } = useTranslation();
  const locale = useNumberLocale();
  const { current } = useModuleSelection();
  const { state, applyFilters, changePage } = useUrlListState(readPagedSearch, writePagedSearch);
  const column = table.columns.some((c) => c.name === state.column) ? state.column : undefined;
  const rows = useMasterRows(current.id, table.id, {
    start: pageStart(state),
    length: state.size,
    search: state.search,
    column,
    value: column ? state.value : undefined,
  });
  const pagination = useTablePagination(state, rows.data?.recordsFiltered ?? 0, changePage);
  const deleteRow = useDeleteMasterRow(MASTER_DATA_TEXTS.rowDeleted);
  const [editing, setEditing] = useState<MasterDataRow | 'new' | null>(null);

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <SearchBar
          state={state}
          columns={table.columns.map((c) => c.name)}
          placeholder={t('opsConfig.masterData.rowSearchHint')}
          onApply={applyFilters}
        />
      </Card>
      <Card
        title={t('opsConfig.masterData.rows')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('opsConfig.masterData.addRow')}
          </Button>
        }
        styles={{ body: { padding: 0 } }}
      >
        {rows.isError && !rows.data ? (
          <QueryError onRetry={() => void rows.refetch()} />
        ) : (
          <Table<MasterDataRow>
            rowKey="_id"
            size="middle"
            loading={rows.isFetching}
            dataSource={rows.data?.data ?? []}
            locale={{ emptyText: rows.isPending ? ' ' : <EmptyState /> }}
            scroll={{ x: Math.max(720, table.columns.length * 160 + 120) }}
            pagination={pagination}
            columns={[
              ...table.columns.map((c) => ({
                title: c.name,
                key: c.name,
                align: isNumericColumn(c) ? ('right' as const) : undefined,
                render: (_: unknown, row: MasterDataRow) => displayCell(c, row[c.name], locale),
              })),
              {
                title: t('common.actions'),
                key: 'actions',
                width: 110,
                fixed: 'right' as const,
                render: (_: unknown, row: MasterDataRow) => (
                  <Space size={0}>
                    <Tooltip title={t('common.edit')}>
                      <Button
                        type="text"
                        icon={<EditOutlined />}
                        aria-label={t('opsConfig.masterData.editRowNo', { id: row._id })}
                        onClick={() => setEditing(row)}
                      />
                    </Tooltip>
                    <Popconfirm
                      title={t('opsConfig.common.confirmTitle')}
                      description={t('opsConfig.masterData.deleteRowText')}
                      okText={t('opsConfig.common.confirm')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        deleteRow.mutateAsync({ tableId: table.id, rowId: row._id }).catch(() => undefined)
                      }
                    >
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('opsConfig.masterData.deleteRowNo', { id: row._id })}
                      />
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RowModal tableId={table.id} columns={table.columns} row={editing} onClose={() => setEditing(null)} />
    </>
  );
}

/** One master table: its rows, paged and searched on the server, added, edited and deleted here. */
export default function MasterTablePage() {
  const { current } = useModuleSelection();
  const id = Number(useParams().id);
  const table = useMasterTable(current.id, id);

  return (
    <RecordPage id={id} query={table} notFoundTitle={MASTER_DATA_TEXTS.notFound}>
      {(detail) => (
        <>
          <PageHeader
            title={<BackTitle backTo={MASTER_DATA_PATH}>{detail.name}</BackTitle>}
            description={
              <>
                {detail.description && <span>{detail.description} · </span>}
                <CodeText>{detail.tableName}</CodeText>
              </>
            }
          />
          <RowsTable table={detail} />
        </>
      )}
    </RecordPage>
  );
}
