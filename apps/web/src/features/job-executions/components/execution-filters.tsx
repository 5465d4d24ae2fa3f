import { JOB_EXECUTION_STATUSES, jobStatusLabel } from '@recon/contract';
import { useTranslation } from 'react-i18next';
import { useJobOptions } from '@/features/job-executions/api/get-job-options';
import type { ExecutionUrlState } from '@/features/job-executions/execution-params';
import { AppSelect } from '@/ui/app-select';
import { DatedFilterBar, FilterField } from '@/ui/filter-bar';

export type ExecutionFilterChoice = Pick<ExecutionUrlState, 'jobId' | 'status' | 'from' | 'to'>;

type Props = {
  moduleId: number;
  state: ExecutionUrlState;
  onApply: (filters: ExecutionFilterChoice) => void;
  onReset: () => void;
};

/** Job, status and creation-date range of the runs; applied with Search, kept in the URL (the jobs screens link here). */
export function ExecutionFilters({ moduleId, state, onApply, onReset }: Props) {
  const { t } = useTranslation();
  const jobs = useJobOptions(moduleId);

  return (
    <DatedFilterBar<Pick<ExecutionUrlState, 'jobId' | 'status'>>
      values={{ jobId: state.jobId, status: state.status }}
      range={{ from: state.from, to: state.to }}
      rangeLabel={t('jobExecutions.dateRange')}
      rangeRequiredMessage={t('jobExecutions.dateRangeRequired')}
      onApply={onApply}
      onReset={onReset}
    >
      <FilterField name="jobId" label={t('jobExecutions.job')} minWidth={240}>
        <AppSelect<number>
          loading={jobs.isPending}
          options={(jobs.data ?? []).map((job) => ({ value: job.id, label: job.name }))}
        />
      </FilterField>
      <FilterField name="status" label={t('common.status')} minWidth={200}>
        <AppSelect<string> options={JOB_EXECUTION_STATUSES.map((s) => ({ value: s, label: jobStatusLabel(s) }))} />
      </FilterField>
    </DatedFilterBar>
  );
}
