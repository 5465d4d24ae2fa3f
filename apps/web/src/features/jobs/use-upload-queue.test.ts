import type { UploadedFileResult } from '@recon/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import type { UploadPipelineFileInput } from '@/features/jobs/api/upload-pipeline-file';
import { failureText, type UploadOutcome, useUploadQueue } from '@/features/jobs/use-upload-queue';

type Call = { input: UploadPipelineFileInput; resolve: (r: UploadedFileResult) => void; reject: (e: unknown) => void };

function fakeUpload() {
  const calls: Call[] = [];
  const upload = (input: UploadPipelineFileInput) =>
    new Promise<UploadedFileResult>((resolve, reject) => {
      calls.push({ input, resolve, reject });
      input.signal.addEventListener('abort', () => reject(Object.assign(new Error('canceled'), { __CANCEL__: true })));
    });
  return { calls, upload };
}

const result = (fileId: number, fileName: string): UploadedFileResult => ({
  fileId,
  fileName,
  status: 'UPLOADED',
  uploadStatus: 'UPLOADED',
  errorKind: null,
  errorMessage: null,
  sizeBytes: 10,
});
const file = (name: string) => new File(['x'], name, { type: 'text/csv' });
const PIPELINE = { id: 4, name: 'Bank Statement Load' };

function serverError(message: string) {
  const response = {
    status: 400,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { message, errors: [] },
  };
  return new AxiosError(message, 'ERR_BAD_REQUEST', response.config, null, response);
}

describe('upload queue', () => {
  it('sends one file at a time in the order added, and drops each from the queue when done', async () => {
    const { calls, upload } = fakeUpload();
    const done: UploadOutcome[] = [];
    const { result: hook } = renderHook(() => useUploadQueue((o) => done.push(o), upload));

    act(() => hook.current.add([file('a.csv'), file('b.csv')], PIPELINE));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(hook.current.queue.map((i) => [i.file.name, i.curState])).toEqual([
      ['a.csv', 'STARTED'],
      ['b.csv', 'PENDING'],
    ]);
    act(() => calls[0]?.input.onProgress(40));
    expect(hook.current.queue[0]?.curProgress).toBe(40);

    await act(async () => calls[0]?.resolve(result(1, 'a.csv')));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.input.file.name).toBe('b.csv');
    expect(hook.current.queue.map((i) => i.file.name)).toEqual(['b.csv']);

    await act(async () =>
      calls[1]?.reject(serverError('Configure the file upload of this pipeline before uploading files')),
    );
    await waitFor(() => expect(hook.current.queue).toEqual([]));
    expect(done.map((o) => [o.item.curState, o.result?.fileId ?? o.errMsg])).toEqual([
      ['FINISHED', 1],
      ['FAILED', 'b.csv: Configure the file upload of this pipeline before uploading files'],
    ]);
  });

  it('skips a cancelled file', async () => {
    const { calls, upload } = fakeUpload();
    const { result: hook } = renderHook(() => useUploadQueue(() => undefined, upload));
    act(() => hook.current.add([file('a.csv'), file('b.csv'), file('c.csv')], PIPELINE));
    await waitFor(() => expect(calls).toHaveLength(1));

    act(() => hook.current.cancel(hook.current.queue[1]?.id ?? ''));
    await act(async () => calls[0]?.resolve(result(1, 'a.csv')));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.input.file.name).toBe('c.csv');
    expect(hook.current.queue.find((i) => i.file.name === 'b.csv')?.curState).toBe('CANCELLED');
  });

  it('names the file and falls back to the generic message', () => {
    expect(failureText('a.csv', new Error('boom'))).toBe('a.csv: Some Error Occured!');
  });
});
