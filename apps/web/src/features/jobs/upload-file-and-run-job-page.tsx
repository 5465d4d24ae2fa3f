import { ArrowLeftOutlined } from '@ant-design/icons';
import type { JobDetail } from '@recon/contract';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { JobLoadGuard } from '@/features/jobs/components/job-load-guard';
import { PipelineUploadSection, type UploadRecord } from '@/features/jobs/components/pipeline-upload-section';
import { RunJobForm } from '@/features/jobs/components/run-job-form';
import { UploadProgressCard } from '@/features/jobs/components/upload-progress-card';
import { JOBS_PATH } from '@/features/jobs/jobs-paths';
import { type UploadOutcome, useUploadQueue } from '@/features/jobs/use-upload-queue';
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
  const [records, setRecords] = useState<Record<number, UploadRecord[]>>({});
  const onDone = ({ item, result, errMsg }: UploadOutcome) => {
    if (errMsg) showErrorToast([errMsg]);
    const record: UploadRecord = {
      id: item.id,
      fileName: item.file.name,
      result: result ?? null,
      errMsg: errMsg ?? null,
    };
    setRecords((r) => ({ ...r, [item.pipelineId]: [...(r[item.pipelineId] ?? []), record] }));
  };
  const uploads = useUploadQueue(onDone);
  // One picker per pipeline, even when two activities load the same one.
  const pipelineActivities = job.activities.filter(
    (a, i, all) =>
      a.type === 'PIPE_LINE' &&
      a.activity.typeId !== null &&
      all.findIndex((b) => b.type === 'PIPE_LINE' && b.activity.typeId === a.activity.typeId) === i,
  );
  const fileIds = Object.values(records)
    .flat()
    .filter((r) => r.result?.status === 'UPLOADED')
    .map((r) => r.result?.fileId as number);

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
              records={records[pipelineId] ?? []}
              onFiles={(files) => uploads.add(files, { id: pipelineId, name })}
              onRemove={(id) =>
                setRecords((r) => ({ ...r, [pipelineId]: (r[pipelineId] ?? []).filter((x) => x.id !== id) }))
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
