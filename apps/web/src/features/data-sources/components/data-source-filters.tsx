import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataSourceListState } from '@/features/data-sources/list-params';
import { useModuleSelection } from '@/lib/module-context';
import { useReconOptions } from '@/lib/reads/recons';
import { AppSelect } from '@/ui/app-select';
import { FilterBar, FilterField } from '@/ui/filter-bar';

type Filters = Omit<DataSourceListState, 'page' | 'size'>;
type Props = { state: DataSourceListState; onApply: (filters: Filters) => void };

/** Name, recon, pipeline and table filters of the data sources list. */
export function DataSourceFilters({ state, onApply }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const recons = useReconOptions(current.id);

  return (
    <FilterBar<Filters>
      name="dataSourceFilters"
      values={{ name: state.name, recon: state.recon, pipeline: state.pipeline, table: state.table }}
      onApply={onApply}
      onReset={() => onApply({})}
    >
      <FilterField name="name" label={t('opsConfig.dataSources.name')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="recon" label={t('opsConfig.dataSources.recon')} minWidth={220}>
        <AppSelect<number>
          loading={recons.isPending}
          options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </FilterField>
      <FilterField name="pipeline" label={t('opsConfig.dataSources.pipeline')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="table" label={t('opsConfig.dataSources.table')} minWidth={200}>
        <Input allowClear autoComplete="off" />
      </FilterField>
    </FilterBar>
  );
}
