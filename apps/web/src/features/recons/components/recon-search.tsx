import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterField } from '@/ui/filter-bar';

type Props = { search?: string; onApply: (search: string | undefined) => void };

/** The recons list's search. */
export function ReconSearch({ search, onApply }: Props) {
  const { t } = useTranslation();

  return (
    <FilterBar<{ search?: string }>
      name="reconSearch"
      values={{ search }}
      onApply={(v) => onApply(v.search)}
      onReset={() => onApply(undefined)}
    >
      <FilterField name="search" label={t('opsConfig.common.searchLabel')} minWidth={280}>
        <Input allowClear autoComplete="off" placeholder={t('opsConfig.recons.searchHint')} />
      </FilterField>
    </FilterBar>
  );
}
