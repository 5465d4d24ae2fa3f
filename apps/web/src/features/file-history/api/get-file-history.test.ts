import { describe, expect, it } from 'vitest';
import {
  FILE_LOADING_REFRESH_MS,
  FILE_WAITING_REFRESH_MS,
  fileRefreshInterval,
} from '@/features/file-history/api/get-file-history';

describe('file history refresh', () => {
  it('stops once every file is in a final status', () => {
    expect(
      fileRefreshInterval([
        { status: 'FINISHED', uploadStatus: 'VALID' },
        { status: 'INVALID', uploadStatus: 'INVALID' },
      ]),
    ).toBe(false);
    expect(fileRefreshInterval([])).toBe(false);
  });

  it('asks often while a file is loading and seldom while files only wait for their run', () => {
    expect(fileRefreshInterval([{ status: 'UPLOADED', uploadStatus: 'VALIDATION_PENDING' }])).toBe(
      FILE_LOADING_REFRESH_MS,
    );
    expect(fileRefreshInterval([{ status: 'UPLOADED', uploadStatus: 'UPLOADED' }])).toBe(FILE_WAITING_REFRESH_MS);
  });
});
