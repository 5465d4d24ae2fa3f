import type { ActivityExecution } from '@recon/contract';

/** Server answers for run 41 of job 3 (module 1, the test module), shared by this feature's tests. */
export const PIPELINE_ACTIVITY: ActivityExecution = {
  id: 501,
  sequence: 1,
  type: 'PIPE_LINE',
  typeId: 12,
  name: 'Bank Statement Pipeline',
  status: 'COMPLETED',
  statusLabel: 'Completed',
  attempt: 1,
  counts: { files: 1, totalRows: 120, loadedRows: 117, invalidRows: 2, duplicateRows: 1, rejectedFiles: 0 },
  errorMessage: null,
  startedAt: '2026-10-02T10:00:00.000Z',
  finishedAt: '2026-10-02T10:01:00.000Z',
};
export const RECON_ACTIVITY: ActivityExecution = {
  ...PIPELINE_ACTIVITY,
  id: 502,
  sequence: 2,
  type: 'RECON',
  typeId: 4,
  name: 'Bank vs Gateway Settlement',
  status: 'FAILED',
  statusLabel: 'Failed',
  counts: {},
  errorMessage: 'Activity type RECON cannot run yet in this version',
};

/** Run 41: failed at its recon after the pipeline loaded a file. */
export function executionDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    jobId: 3,
    jobName: 'Daily Bank and Gateway Load',
    status: 'FAILED',
    statusLabel: 'Failed',
    trigger: 'MANUAL',
    batchNumber: null,
    cycleNumber: null,
    endDate: null,
    errorMessage: 'Activity type RECON cannot run yet in this version',
    startedBy: 'maker',
    createdAt: '2026-10-02T09:59:00.000Z',
    startedAt: '2026-10-02T10:00:00.000Z',
    finishedAt: '2026-10-02T10:01:30.000Z',
    durationSeconds: 90,
    approvalStatus: null,
    needsFileApproval: false,
    approvedBy: null,
    approvedAt: null,
    activities: [PIPELINE_ACTIVITY, RECON_ACTIVITY],
    files: [{ id: 77, originalName: 'bank_statement.csv', pipelineId: 12, status: 'FINISHED' }],
    ...overrides,
  };
}

/** Run 41 stopped for file approval after its pipeline. */
export const awaitingApproval = (overrides: Record<string, unknown> = {}) =>
  executionDetail({
    status: 'FILE_APPROVAL_PENDING',
    statusLabel: 'File Approval Pending',
    errorMessage: null,
    needsFileApproval: true,
    activities: [PIPELINE_ACTIVITY],
    ...overrides,
  });
