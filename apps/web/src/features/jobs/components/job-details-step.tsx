import { type JobDetail, validateJobSave } from '@recon/contract';
import { JOB_TEXTS } from '@recon/contract/texts';
import { Button, Card, Col, Flex, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateJob } from '@/features/jobs/api/create-job';
import { useUpdateJob } from '@/features/jobs/api/update-job';
import { ActivityList } from '@/features/jobs/components/activity-list';
import { JobBasicsFields } from '@/features/jobs/components/job-basics-fields';
import { JobFilterToggles } from '@/features/jobs/components/job-filter-toggles';
import { JobScheduleCard } from '@/features/jobs/components/job-schedule-card';
import {
  draftFromJob,
  emptyJobDraft,
  type JobDraft,
  jobDraftProblems,
  toSaveRequest,
  withFilter,
} from '@/features/jobs/job-draft';
import { editJobPath, JOBS_PATH } from '@/features/jobs/jobs-paths';
import { useModuleSelection } from '@/lib/module-context';
import { showErrorToast } from '@/lib/toast';

/**
 * Step 0 of the job editor. Next checks the job in the spec's order (an error toast, nothing sent), saves it,
 * replaces this step's location with the saved job's step 0 and moves to step 1. After a refused Next the form also
 * marks every empty required field and incomplete activity in place, until it is filled in.
 */
export function JobDetailsStep({ job }: { job: JobDetail | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current } = useModuleSelection();
  // The form starts from the job once: a refetch (after a schedule change) must not undo the user's edits.
  const [draft, setDraft] = useState<JobDraft>(() => (job ? draftFromJob(job) : emptyJobDraft()));
  const create = useCreateJob(JOB_TEXTS.created);
  const update = useUpdateJob(JOB_TEXTS.saved);
  const isSaving = create.isPending || update.isPending;
  const [isMarkingProblems, setIsMarkingProblems] = useState(false);
  const problems = isMarkingProblems ? jobDraftProblems(draft, current.id) : undefined;

  const patch = (next: Partial<JobDraft>) => setDraft((d) => ({ ...d, ...next }));

  const onNext = () => {
    const request = toSaveRequest(draft, job, current.id);
    const problem = validateJobSave(request) ?? (request.name ? null : JOB_TEXTS.nameRequired);
    if (problem) {
      setIsMarkingProblems(true);
      showErrorToast([problem]);
      return;
    }
    const onSuccess = async (saved: JobDetail) => {
      await navigate(editJobPath(saved.id, 0), { replace: true });
      await navigate(editJobPath(saved.id, 1));
    };
    if (job) update.mutate(request, { onSuccess });
    else create.mutate(request, { onSuccess });
  };

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={job ? 16 : 24}>
          <Card title={t('jobs.editor.details')} style={{ height: '100%' }}>
            <JobBasicsFields draft={draft} onChange={patch} nameProblem={problems?.name} />
            <JobFilterToggles
              filters={draft.filters}
              onToggle={(name, isEnabled) =>
                setDraft((d) => ({ ...d, filters: withFilter(d.filters, name, isEnabled) }))
              }
            />
          </Card>
        </Col>
        {job && (
          <Col xs={24} xl={8}>
            <JobScheduleCard job={job} />
          </Col>
        )}
      </Row>
      <Card title={t('jobs.editor.activities')} extra={t('jobs.editor.activitiesHint')}>
        <ActivityList
          activities={draft.activities}
          onChange={(activities) => patch({ activities })}
          listProblem={problems?.activities}
          rowProblems={problems?.byActivity}
        />
      </Card>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={() => navigate(JOBS_PATH)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={isSaving} onClick={onNext}>
          {t('jobs.editor.next')}
        </Button>
      </Flex>
    </>
  );
}
