import type { DataTableRow } from '@recon/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataTables } from '@/features/data-tables/api/get-data-tables';
import { DataTableFilters } from '@/features/data-tables/components/data-table-filters';
import { readListState, toListParams, writeListState } from '@/features/data-tables/data-table-list-params';
import { CREATE_DATA_TABLE_PATH, dataTablePath } from '@/features/data-tables/paths';
import { formatDateTime } from '@/lib/format';
import { useModuleSelection } from '@/lib/module-context';
import { useUrlListState } from '@/lib/use-url-list-state';
import { CodeText } from '@/ui/code-text';
import { NameCell } from '@/ui/name-cell';
import { PagedListPage } from '@/ui/paged-list-page';

/** Operations › Configuration › Data Tables: the module's tables, paged on the server. */
export default function DataTablesPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const { state, applyFilters, changePage } = useUrlListState(readListState, writeListState);
  const tables = useDataTables(current.id, toListParams(state));

  return (
    <PagedListPage<DataTableRow>
      title={t('opsConfig.dataTables.title')}
      description={t('opsConfig.dataTables.description')}
      create={{ label: t('opsConfig.dataTables.createTitle'), path: CREATE_DATA_TABLE_PATH }}
      filters={<DataTableFilters state={state} onApply={applyFilters} />}
      rows={tables}
      paging={state}
      onPageChange={changePage}
      scrollX={860}
      columns={[
        {
          title: t('opsConfig.dataTables.name'),
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row) => (
            <NameCell to={dataTablePath(row.id)} name={name} description={row.description} />
          ),
        },
        {
          title: t('opsConfig.dataTables.kind'),
          dataIndex: 'kind',
          key: 'kind',
          width: 110,
          render: (kind: DataTableRow['kind']) => (
            <Tag color={kind === 'MASTER' ? 'purple' : 'geekblue'}>{t(`opsConfig.dataTables.kinds.${kind}`)}</Tag>
          ),
        },
        {
          title: t('opsConfig.dataTables.columns'),
          dataIndex: 'columnCount',
          key: 'columnCount',
          width: 100,
          align: 'right',
        },
        {
          title: t('opsConfig.dataTables.physicalTable'),
          dataIndex: 'tableName',
          key: 'tableName',
          render: (name: string) => <CodeText>{name}</CodeText>,
        },
        {
          title: t('opsConfig.common.createdOn'),
          dataIndex: 'createdAt',
          key: 'createdAt',
          width: 130,
          render: (value: string) => formatDateTime(value),
        },
      ]}
    />
  );
}
