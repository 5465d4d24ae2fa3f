import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { batchText, cycleText, formatDuration } from '@/features/job-executions/execution-format';
import { readExecutionUrlState } from '@/features/job-executions/execution-params';

describe('run formats', () => {
  it('writes durations in hours, minutes and seconds', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(3723)).toBe('1h 02m 03s');
    expect(formatDuration(0)).toBe('< 1s');
    expect(formatDuration(null)).toBe('');
  });

  it('shows a batch with its half-hour slot and a cycle with its option label', () => {
    expect(batchText(1)).toBe('1 (00:30)');
    expect(batchText(48)).toBe('48 (00:00)');
    expect(batchText(60)).toBe('60');
    expect(cycleText(9)).toBe('1C');
    expect(cycleText(4)).toBe('4C');
    expect(cycleText(null)).toBe('');
  });
});

describe('execution URL state', () => {
  const defaults = { pageSize: 10, dateRangeDays: 15, today: dayjs('2026-10-20') };

  it('falls back to the default range and drops what it cannot read', () => {
    const state = readExecutionUrlState(
      new URLSearchParams('page=x&size=7&status=NOPE&jobId=-2&from=2026-10-09&to=2026-10-01&sort=hack'),
      defaults,
    );
    expect(state).toEqual({
      page: 1,
      size: 10,
      jobId: undefined,
      status: undefined,
      from: '2026-10-05',
      to: '2026-10-20',
      sort: undefined,
      executionId: undefined,
    });
  });

  it('reads the run to open, the sort and the filters', () => {
    const state = readExecutionUrlState(
      new URLSearchParams('page=2&size=50&status=RUNNING&jobId=3&sort=startedAt&dir=asc&executionId=41'),
      defaults,
    );
    expect(state).toMatchObject({
      page: 2,
      size: 50,
      jobId: 3,
      status: 'RUNNING',
      sort: { column: 'startedAt', dir: 'asc' },
      executionId: 41,
    });
  });
});
