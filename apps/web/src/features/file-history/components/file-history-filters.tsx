import { FILE_STATUSES } from '@recon/contract';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePipelineOptions } from '@/features/file-history/api/get-pipeline-options';
import type { FileHistoryUrlState } from '@/features/file-history/file-history-params';
import { AppSelect } from '@/ui/app-select';
import { statusWords } from '@/ui/file-tags';
import { DatedFilterBar, FilterField } from '@/ui/filter-bar';

export type FileFilterChoice = Pick<FileHistoryUrlState, 'pipelineId' | 'status' | 'fileName' | 'from' | 'to'>;

type Props = {
  moduleId: number;
  state: FileHistoryUrlState;
  onApply: (filters: FileFilterChoice) => void;
  onReset: () => void;
};

/** Pipeline, file status, file name and upload-day range; applied with Search, kept in the URL. */
export function FileHistoryFilters({ moduleId, state, onApply, onReset }: Props) {
  const { t } = useTranslation();
  const pipelines = usePipelineOptions(moduleId);

  return (
    <DatedFilterBar<Pick<FileHistoryUrlState, 'pipelineId' | 'status' | 'fileName'>>
      values={{ pipelineId: state.pipelineId, status: state.status, fileName: state.fileName }}
      range={{ from: state.from, to: state.to }}
      rangeLabel={t('fileHistory.dateRange')}
      rangeRequiredMessage={t('fileHistory.dateRangeRequired')}
      onApply={onApply}
      onReset={onReset}
    >
      <FilterField name="fileName" label={t('fileHistory.fileName')} minWidth={170}>
        <Input allowClear autoComplete="off" />
      </FilterField>
      <FilterField name="pipelineId" label={t('fileHistory.pipeline')} minWidth={180}>
        <AppSelect<number>
          loading={pipelines.isPending}
          options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </FilterField>
      <FilterField name="status" label={t('common.status')} minWidth={160}>
        <AppSelect<string> options={FILE_STATUSES.map((s) => ({ value: s, label: statusWords(s) }))} />
      </FilterField>
    </DatedFilterBar>
  );
}
