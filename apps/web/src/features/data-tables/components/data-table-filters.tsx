import { DATA_TABLE_KINDS, type DataTableKind } from '@recon/contract';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataTableListState } from '@/features/data-tables/data-table-list-params';
import { AppSelect } from '@/ui/app-select';
import { FilterBar, FilterField } from '@/ui/filter-bar';

type Values = { search?: string; kind?: DataTableKind };
type Props = { state: DataTableListState; onApply: (filters: Values) => void };

/** The data tables list's search and kind filters. */
export function DataTableFilters({ state, onApply }: Props) {
  const { t } = useTranslation();

  return (
    <FilterBar<Values>
      name="dataTableFilters"
      values={{ search: state.search, kind: state.kind }}
      onApply={onApply}
      onReset={() => onApply({})}
    >
      <FilterField name="search" label={t('opsConfig.common.searchLabel')} minWidth={260}>
        <Input allowClear autoComplete="off" placeholder={t('opsConfig.dataTables.searchHint')} />
      </FilterField>
      <FilterField name="kind" label={t('opsConfig.dataTables.kind')} minWidth={160}>
        <AppSelect<DataTableKind>
          options={DATA_TABLE_KINDS.map((k) => ({ value: k, label: t(`opsConfig.dataTables.kinds.${k}`) }))}
        />
      </FilterField>
    </FilterBar>
  );
}
