import { lazy } from 'react';
import { PATHS } from '@/app/paths';
import type { PageRoute } from '@/app/routes/types';
import { withTexts } from '@/lib/area-texts';

const PipelinesPage = lazy(withTexts('operationsJobs', () => import('@/features/pipelines/pipelines-page')));
const ConfigureFileUploadPage = lazy(
  withTexts('operationsJobs', () => import('@/features/pipelines/configure-file-upload-page')),
);
const EditUploadedFileConfigPage = lazy(
  withTexts('operationsJobs', () => import('@/features/pipelines/edit-uploaded-file-config-page')),
);
const JobsPage = lazy(withTexts('operationsJobs', () => import('@/features/jobs/jobs-page')));
const JobEditorPage = lazy(withTexts('operationsJobs', () => import('@/features/jobs/job-editor-page')));
const RunJobPage = lazy(withTexts('operationsJobs', () => import('@/features/jobs/run-job-page')));
const UploadFileAndRunJobPage = lazy(
  withTexts('operationsJobs', () => import('@/features/jobs/upload-file-and-run-job-page')),
);

const PIPELINES = { code: 'pipelines' } as const;
const CREATE_JOB = { code: 'createJob' } as const;

/** Operations › Configuration › pipelines and Operations › jobs (spec 2). */
export const OPERATIONS_JOB_PAGES: readonly PageRoute[] = [
  { path: PATHS.pipelines, component: PipelinesPage },
  {
    path: `${PATHS.pipelines}/configure-file-upload/:pipelineId`,
    component: ConfigureFileUploadPage,
    privilege: PIPELINES,
  },
  {
    path: `${PATHS.pipelines}/edit-uploaded-file-config/:pipelineId`,
    component: EditUploadedFileConfigPage,
    privilege: PIPELINES,
  },
  { path: PATHS.jobs, component: JobsPage },
  { path: `${PATHS.jobs}/create-job`, component: JobEditorPage, privilege: CREATE_JOB },
  { path: `${PATHS.jobs}/:jobId/edit-job/:step`, component: JobEditorPage, privilege: CREATE_JOB },
  { path: `${PATHS.jobs}/run-job/:jobId`, component: RunJobPage, privilege: CREATE_JOB },
  {
    path: `${PATHS.jobs}/upload-file-and-run-job/:jobId`,
    component: UploadFileAndRunJobPage,
    privilege: CREATE_JOB,
  },
];
