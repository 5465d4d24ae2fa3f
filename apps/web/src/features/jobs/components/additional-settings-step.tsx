import { type JobAdditionalSettings, type JobDetail, validateJobAdditionalSettings } from '@recon/contract';
import { JOB_SETTINGS_TEXTS } from '@recon/contract/texts';
import { Button, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAdditionalSettings } from '@/features/jobs/api/get-additional-settings';
import { useSaveAdditionalSettings } from '@/features/jobs/api/save-additional-settings';
import { FileApprovalSection } from '@/features/jobs/components/file-approval-section';
import { FileValidationSection } from '@/features/jobs/components/file-validation-section';
import { PipelinePrivilegesSection } from '@/features/jobs/components/pipeline-privileges-section';
import { editJobPath, JOBS_PATH } from '@/features/jobs/jobs-paths';
import { pipelinesOfJob, type SettingsDraft, settingsDraftFrom, toSettingsInput } from '@/features/jobs/settings-draft';
import { useModuleSelection } from '@/lib/module-context';
import { showErrorToast } from '@/lib/toast';
import { QueryError } from '@/ui/query-error';

/** Step 1 of the job editor: file approval, mandatory file validation and pipeline privileges. */
export function AdditionalSettingsStep({ job }: { job: JobDetail }) {
  const { current } = useModuleSelection();
  const settings = useAdditionalSettings(current.id, job.id);
  if (settings.isError && !settings.data) return <QueryError onRetry={() => void settings.refetch()} />;
  if (!settings.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  return <SettingsForm key={job.id} job={job} settings={settings.data} />;
}

function SettingsForm({ job, settings }: { job: JobDetail; settings: JobAdditionalSettings }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SettingsDraft>(() => settingsDraftFrom(settings));
  const save = useSaveAdditionalSettings(JOB_SETTINGS_TEXTS.saved);
  const pipelines = pipelinesOfJob(job);

  const onSave = () => {
    const input = toSettingsInput(draft);
    const problem = validateJobAdditionalSettings(input);
    if (problem) {
      showErrorToast([problem]);
      return;
    }
    save.mutate({ jobId: job.id, ...input }, { onSuccess: () => navigate(JOBS_PATH) });
  };

  return (
    <>
      <FileApprovalSection draft={draft} pipelines={pipelines} onChange={setDraft} />
      <FileValidationSection draft={draft} pipelines={pipelines} onChange={setDraft} />
      <PipelinePrivilegesSection draft={draft} pipelines={pipelines} onChange={setDraft} />
      <Flex justify="flex-end" gap={8}>
        <Button onClick={() => navigate(editJobPath(job.id, 0))}>{t('jobs.editor.back')}</Button>
        <Button type="primary" loading={save.isPending} onClick={onSave}>
          {t('common.save')}
        </Button>
      </Flex>
    </>
  );
}
