import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PagedSearchState } from '@/features/master-data/list-params';
import { AppSelect } from '@/ui/app-select';
import { FilterBar, FilterField } from '@/ui/filter-bar';

type Values = { search?: string; column?: string; value?: string };
type Props = {
  state: PagedSearchState;
  onApply: (filters: Values) => void;
  /** A rows page: the columns one may search in. */
  columns?: readonly string[];
  placeholder?: string;
};

/** A search over every column, and on a rows page one column's "contains" search; kept in the URL. */
export function SearchBar({ state, onApply, columns, placeholder }: Props) {
  const { t } = useTranslation();

  return (
    <FilterBar<Values>
      name="masterSearch"
      values={{ search: state.search, column: state.column, value: state.value }}
      // A "contains" text means nothing without its column.
      onApply={(v) => onApply({ ...v, value: v.column ? v.value : undefined })}
      onReset={() => onApply({})}
    >
      <FilterField name="search" label={t('opsConfig.common.searchLabel')} minWidth={240}>
        <Input allowClear autoComplete="off" placeholder={placeholder} />
      </FilterField>
      {columns && (
        <>
          <FilterField name="column" label={t('opsConfig.masterData.column')} minWidth={180}>
            <AppSelect<string> options={columns.map((c) => ({ value: c, label: c }))} />
          </FilterField>
          <FilterField name="value" label={t('opsConfig.masterData.contains')} minWidth={200}>
            <Input allowClear autoComplete="off" />
          </FilterField>
        </>
      )}
    </FilterBar>
  );
}
