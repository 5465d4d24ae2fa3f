import { PATHS } from '@/app/paths';

/** Where the jobs screens live (spec 2 §2); row actions append the job id. */
export const JOBS_PATH = PATHS.jobs;
export const CREATE_JOB_PATH = `${JOBS_PATH}/create-job`;

export function editJobPath(jobId: number, step = 0): string {
  return `${JOBS_PATH}/${jobId}/edit-job/${step}`;
}

export function runJobPath(jobId: number): string {
  return `${JOBS_PATH}/run-job/${jobId}`;
}

export function uploadFileAndRunJobPath(jobId: number): string {
  return `${JOBS_PATH}/upload-file-and-run-job/${jobId}`;
}

/** The run's page belongs to the history screens. */
export function executionPath(executionId: number): string {
  return `${PATHS.executionHistory}?executionId=${executionId}`;
}
