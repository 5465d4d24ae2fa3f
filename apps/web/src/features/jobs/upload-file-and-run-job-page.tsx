import { ArrowLeftOutlined } from '@ant-design/icons';
import type { JobDetail } from '@recon/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWaitingFiles, waitingFilesKey } from '@/features/jobs/api/get-waiting-files';
import { JobLoadGuard } from '@/features/jobs/components/job-load-guard';
import { PipelineUploadSection, type UploadRecord } from '@/features/jobs/components/pipeline-upload-section';
import { RunJobForm } from '@/features/jobs/components/run-job-form';
import { UploadProgressCard } from '@/features/jobs/components/upload-progress-card';
import { JOBS_PATH } from '@/features/jobs/jobs-paths';
import { type UploadOutcome, useUploadQueue } from '@/features/jobs/use-upload-queue';
import { useModuleSelection } from '@/lib/module-context';
import { useDiscardFile } from '@/lib/reads/files';
import { showErrorToast } from '@/lib/toast';
import { PageHeader } from '@/ui/page-header';

const UPLOAD_CARD_ROOM_PX = 240;

/** /operations/jobs/upload-file-and-run-job/:jobId: upload files to the job's pipelines, then run it with them. */
export default function UploadFileAndRunJobPage() {
  return <JobLoadGuard>{(job) => <UploadAndRun job={job} />}</JobLoadGuard>;
}

function UploadAndRun({ job }: { job: JobDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const moduleId = useModuleSelection().current.id;
  const queryClient = useQueryClient();
  // Files of this visit the server refused or that did not arrive; the ones it took are read back from it.
  const [refused, setRefused] = useState<Record<number, UploadRecord[]>>({});
  const discard = useDiscardFile(moduleId, t('jobs.upload.discarded'));
  const onDone = ({ item, result, errMsg }: UploadOutcome) => {
    if (errMsg) showErrorToast([errMsg]);
    if (result?.status === 'UPLOADED') {
      void queryClient.invalidateQueries({ queryKey: waitingFilesKey(moduleId, item.pipelineId) });
      return;
    }
    const record: UploadRecord = {
      id: item.id,
      fileName: item.file.name,
      result: result ?? null,
      errMsg: errMsg ?? null,
    };
    setRefused((r) => ({ ...r, [item.pipelineId]: [...(r[item.pipelineId] ?? []), record] }));
  };
  const uploads = useUploadQueue(onDone);
  // One picker per pipeline, even when two activities load the same one.
  const pipelineActivities = job.activities.filter(
    (a, i, all) =>
      a.type === 'PIPE_LINE' &&
      a.activity.typeId !== null &&
      all.findIndex((b) => b.type === 'PIPE_LINE' && b.activity.typeId === a.activity.typeId) === i,
  );
  // What was uploaded stays listed (leaving the page and coming back included) until a run takes it or it is discarded.
  const waiting = useWaitingFiles(
    moduleId,
    pipelineActivities
      .filter((a) => (a.activity.pipelineSource ?? 'FILE') === 'FILE')
      .map((a) => a.activity.typeId as number),
  );
  const fileIds = [...waiting.byPipeline.values()].flat().map((f) => f.id);

  return (
    <>
      <PageHeader
        title={t('jobs.upload.title', { name: job.name })}
        description={t('jobs.upload.description')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(JOBS_PATH)}>
            {t('jobs.back')}
          </Button>
        }
      />
      {pipelineActivities.length === 0 ? (
        <Card style={{ marginBottom: 16 }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('jobs.upload.noPipelines')} />
        </Card>
      ) : (
        pipelineActivities.map((activity) => {
          const pipelineId = activity.activity.typeId as number;
          const name = activity.activity.name ?? String(pipelineId);
          const source = activity.activity.pipelineSource;
          return (
            <PipelineUploadSection
              key={activity.id}
              title={`${activity.sequence}. ${name}`}
              connectorSource={source && source !== 'FILE' ? source : null}
              waiting={waiting.byPipeline.get(pipelineId) ?? []}
              refused={refused[pipelineId] ?? []}
              onFiles={(files) => uploads.add(files, { id: pipelineId, name })}
              onDiscard={(file) => discard.mutate(file.id)}
              discardingId={discard.isPending ? (discard.variables ?? null) : null}
              onDismiss={(id) =>
                setRefused((r) => ({ ...r, [pipelineId]: (r[pipelineId] ?? []).filter((x) => x.id !== id) }))
              }
            />
          );
        })
      )}
      <Card title={t('jobs.upload.runTitle')}>
        <RunJobForm
          job={job}
          fileIds={fileIds}
          isDisabled={uploads.isBusy || fileIds.length === 0}
          disabledReason={uploads.isBusy ? t('jobs.upload.waitForUploads') : t('jobs.upload.uploadFirst')}
        />
      </Card>
      {/* Room below the run button for the progress card, which floats over the page's bottom right. */}
      {uploads.queue.length > 0 && <div style={{ height: UPLOAD_CARD_ROOM_PX }} />}
      <UploadProgressCard
        items={uploads.queue}
        isBusy={uploads.isBusy}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
      />
    </>
  );
}
