import { type JobDetail, validateJobSave } from '@recon/contract';
import { JOB_TEXTS } from '@recon/contract/texts';
import { describe, expect, it } from 'vitest';
import {
  draftFromJob,
  emptyJobDraft,
  moveActivity,
  newActivity,
  noFilters,
  renumber,
  toSaveRequest,
  withBulkType,
  withFilter,
  withTarget,
  withType,
} from '@/features/jobs/job-draft';

const MODULE_ID = 1;

function draftWith(...activities: ReturnType<typeof newActivity>[]) {
  return { ...emptyJobDraft(), name: 'Daily load', activities: renumber(activities) };
}

describe('job draft', () => {
  it('renumbers from 1 after a drag', () => {
    const [a, b, c] = [newActivity(1), newActivity(2), newActivity(3)];
    const moved = moveActivity([a, b, c], c.key, a.key);
    expect(moved.map((x) => x.key)).toEqual([c.key, a.key, b.key]);
    expect(moved.map((x) => x.sequence)).toEqual([1, 2, 3]);
  });

  it('resets the details when the type changes', () => {
    const pipeline = withTarget(withType(newActivity(1), 'PIPE_LINE'), {
      typeId: 4,
      name: 'Bank',
      pipelineSource: 'FILE',
      integrationAuthId: 9,
    });
    const recon = withType(pipeline, 'RECON');
    expect(recon).toMatchObject({
      type: 'RECON',
      typeId: null,
      name: null,
      pipelineSource: null,
      integrationAuthId: null,
    });
    expect(recon.key).toBe(pipeline.key);
  });

  it('clears bulk details when an activity is picked, and the activity when a bulk type is picked', () => {
    const bulk = withBulkType(withType(newActivity(1), 'BULK_PROCESSOR'), 'BULK_KNOCK_OFF');
    expect(withTarget(bulk, { typeId: 3, name: 'x' }).bulkProcessorType).toBeNull();
    const picked = withTarget(withType(newActivity(1), 'RECON'), { typeId: 3, name: 'Bank vs PG' });
    expect(withBulkType(picked, 'UPI_DISPUTE_RAISE')).toMatchObject({ typeId: null, name: null });
  });

  it('turns the time mapping off with batch-wise runs', () => {
    const on = withFilter(
      withFilter(noFilters(), 'SHOULD_RUN_BATCH_WISE', true),
      'SHOW_BATCH_NUMBER_TIME_MAPPING',
      true,
    );
    expect(on.SHOW_BATCH_NUMBER_TIME_MAPPING).toBe(true);
    expect(withFilter(on, 'SHOULD_RUN_BATCH_WISE', false)).toMatchObject({
      SHOULD_RUN_BATCH_WISE: false,
      SHOW_BATCH_NUMBER_TIME_MAPPING: false,
    });
  });

  it('builds the save body: no activity names, export columns split, bulk details for the product', () => {
    const exportRow = withTarget(withType(newActivity(1), 'CREATE_EXPORT_REPORT'), {
      typeId: 7,
      name: 'Daily MIS',
      jobConfiguration: { pipelineId: 2, reportConfigId: 5, accountId: 'ACC', exportColums: 'utr, amount,,status' },
    });
    const bulkRow = withBulkType(withType(newActivity(2), 'BULK_PROCESSOR'), 'BULK_KNOCK_OFF');
    const body = toSaveRequest(draftWith(exportRow, bulkRow), null, MODULE_ID);

    expect(body).toMatchObject({
      name: 'Daily load',
      scheduleType: 'MANUAL',
      moduleId: MODULE_ID,
      eventName: null,
      dataSources: null,
      conflictJobs: null,
      reconId: null,
    });
    expect(body.activities?.[0]?.activity).toEqual({
      typeId: 7,
      pipelineSource: null,
      integrationAuthId: null,
      jobConfiguration: {
        pipelineId: 2,
        reportConfigId: 5,
        accountId: 'ACC',
        exportColums: ['utr', 'amount', 'status'],
      },
      additionalInfo: null,
    });
    expect(body.activities?.[1]).toMatchObject({
      sequence: 2,
      activity: null,
      bulkProcessorActivityDetails: {
        bulkProcessorType: 'BULK_KNOCK_OFF',
        bulkProcessorApprovalRefEntityName: 'Module',
        bulkProcessorApprovalRefEntityId: MODULE_ID,
      },
    });
    expect(body.jobFilters?.map((f) => f.filterName.name)).toEqual([
      'SHOW_DATE_RANGE',
      'SHOULD_RUN_BATCH_WISE',
      'SHOULD_RUN_CYCLE_WISE',
      'SHOW_BATCH_NUMBER_TIME_MAPPING',
    ]);
  });

  it('sends a saved job’s schedule and file approval back as they are', () => {
    const job = {
      id: 3,
      name: 'Load',
      description: '',
      noOfRetrial: 1,
      retrialInterval: 5,
      scheduleType: 'CRON',
      cronExpression: '0 6 * * *',
      cronState: 'SCHEDULED',
      moduleId: MODULE_ID,
      dashboardId: 12,
      fileApprovalEnabled: true,
      eventName: null,
      activities: [],
      jobFilters: [],
      lastExecution: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    } satisfies JobDetail;
    const body = toSaveRequest(draftFromJob(job), job, MODULE_ID);
    expect(body).toMatchObject({ id: 3, scheduleType: 'CRON', cronExpression: '0 6 * * *', dashboardId: 12 });
  });

  it('meets the contract checks in their order', () => {
    expect(validateJobSave(toSaveRequest(draftWith(), null, MODULE_ID))).toBe(JOB_TEXTS.atLeastOneActivity);
    expect(validateJobSave(toSaveRequest(draftWith(newActivity(1)), null, MODULE_ID))).toBe(JOB_TEXTS.missingActivity);
    const bulk = withType(newActivity(1), 'BULK_PROCESSOR');
    expect(validateJobSave(toSaveRequest(draftWith(bulk), null, MODULE_ID))).toBe(JOB_TEXTS.missingBulkType);
    const fine = withType(newActivity(1), 'DATA_PRE_PROCESSING');
    const long = { ...draftWith(fine), name: 'x'.repeat(51) };
    expect(validateJobSave(toSaveRequest(long, null, MODULE_ID))).toBe(JOB_TEXTS.nameTooLong);
  });
});
