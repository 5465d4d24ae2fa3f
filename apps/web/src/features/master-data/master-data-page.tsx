import type { DataTableRow } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useMasterTables } from '@/features/master-data/api/get-master-tables';
import { SearchBar } from '@/features/master-data/components/search-bar';
import { readPagedSearch, writePagedSearch } from '@/features/master-data/list-params';
import { CREATE_MASTER_TABLE_PATH, masterTablePath } from '@/features/master-data/paths';
import { formatDateTime } from '@/lib/format';
import { pageStart } from '@/lib/list-paging';
import { useModuleSelection } from '@/lib/module-context';
import { useUrlListState } from '@/lib/use-url-list-state';
import { CodeText } from '@/ui/code-text';
import { NameCell } from '@/ui/name-cell';
import { PagedListPage } from '@/ui/paged-list-page';

/** Operations › Configuration › Master Data: the module's reference tables; each opens its rows editor. */
export default function MasterDataPage() {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const { state, applyFilters, changePage } = useUrlListState(readPagedSearch, writePagedSearch);
  const tables = useMasterTables(current.id, { start: pageStart(state), length: state.size, search: state.search });

  return (
    <PagedListPage<DataTableRow>
      title={t('opsConfig.masterData.title')}
      description={t('opsConfig.masterData.description')}
      create={{ label: t('opsConfig.masterData.createTitle'), path: CREATE_MASTER_TABLE_PATH }}
      filters={<SearchBar state={state} placeholder={t('opsConfig.masterData.searchHint')} onApply={applyFilters} />}
      rows={tables}
      paging={state}
      onPageChange={changePage}
      scrollX={760}
      columns={[
        {
          title: t('opsConfig.masterData.name'),
          dataIndex: 'name',
          key: 'name',
          render: (name: string, row) => (
            <NameCell to={masterTablePath(row.id)} name={name} description={row.description} />
          ),
        },
        {
          title: t('opsConfig.masterData.columns'),
          dataIndex: 'columnCount',
          key: 'columnCount',
          width: 100,
          align: 'right',
        },
        {
          title: t('opsConfig.masterData.physicalTable'),
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
