import { describe, expect, it } from 'vitest';
import { validateJobSave } from './jobs.ts';
import { BATCH_TIME_SLOTS, batchSlotTime, cycleNumberOf, validateJobRun } from './jobs-run.ts';
import { validateJobAdditionalSettings } from './jobs-settings.ts';

describe('batch and cycle mappings', () => {
  it('maps the 48 half-hour slots: 1 is 00:30, 47 is 23:30, 48 is 00:00', () => {
    expect(BATCH_TIME_SLOTS).toHaveLength(48);
    expect(batchSlotTime(1)).toBe('00:30');
    expect(batchSlotTime(2)).toBe('01:00');
    expect(batchSlotTime(47)).toBe('23:30');
    expect(batchSlotTime(48)).toBe('00:00');
    expect(batchSlotTime(0)).toBeNull();
    expect(batchSlotTime(49)).toBeNull();
  });

  it('maps cycle options 2C–8C to cycles 2–8 and 1C to cycle 9', () => {
    expect(['2C', '3C', '4C', '5C', '6C', '7C', '8C'].map(cycleNumberOf)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(cycleNumberOf('1C')).toBe(9);
    expect(cycleNumberOf(' 1c ')).toBe(9);
    expect(cycleNumberOf(9)).toBe(9);
    expect(cycleNumberOf('5')).toBe(5);
    expect(cycleNumberOf(1)).toBeNull();
    expect(cycleNumberOf('9C')).toBeNull();
  });
});

describe('validateJobRun', () => {
  const off = { SHOULD_RUN_BATCH_WISE: false, SHOULD_RUN_CYCLE_WISE: false };
  it('needs a batch when batch-wise (whatever cycle-wise says), a cycle when only cycle-wise', () => {
    expect(validateJobRun({ SHOULD_RUN_BATCH_WISE: true, SHOULD_RUN_CYCLE_WISE: true }, {})).toBe(
      'Batch Number is required',
    );
    expect(validateJobRun({ SHOULD_RUN_BATCH_WISE: false, SHOULD_RUN_CYCLE_WISE: true }, {})).toBe(
      'Cycle Number is required',
    );
    expect(validateJobRun({ SHOULD_RUN_BATCH_WISE: true, SHOULD_RUN_CYCLE_WISE: true }, { batchNumber: 3 })).toBeNull();
    expect(validateJobRun(off, null)).toBeNull();
  });
});

describe('validateJobSave', () => {
  it('accepts a type that needs no target and a bulk activity with its type', () => {
    expect(
      validateJobSave({
        name: 'ok',
        activities: [
          { type: 'DATA_PRE_PROCESSING' },
          { type: 'BULK_PROCESSOR', bulkProcessorActivityDetails: { bulkProcessorType: 'BULK_KNOCK_OFF' } },
        ],
      }),
    ).toBeNull();
  });

  it('answers the first failing message in the spec order', () => {
    expect(validateJobSave({ name: 'x'.repeat(51), fileApprovalEnabled: true, activities: [] })).toBe(
      'Please provide atleast one activity',
    );
    expect(
      validateJobSave({ name: 'x'.repeat(50), activities: [{ type: 'RECON', activity: { typeId: 1 } }] }),
    ).toBeNull();
    expect(
      validateJobSave({
        name: 'x',
        fileApprovalEnabled: true,
        dashboardId: 2,
        activities: [{ type: 'BOT', activity: { typeId: 1 } }],
      }),
    ).toBeNull();
  });
});

describe('validateJobAdditionalSettings', () => {
  it('checks nothing that is turned off', () => {
    expect(
      validateJobAdditionalSettings({
        isFileApprovalEnabled: false,
        jobValidation: { isActiveJobValidation: false, fileRegexList: [] },
        pipelinePrivilegesVo: { privilegesEnabled: false, allPipelinePrivilegeVoList: [] },
      }),
    ).toBeNull();
  });

  it('needs only a file name regex in file-name-only mode', () => {
    expect(
      validateJobAdditionalSettings({
        jobValidation: { isActiveJobValidation: true, fileRegexList: [{ pipelineId: 1, fileNameRegex: '^a' }] },
      }),
    ).toBeNull();
  });
});
