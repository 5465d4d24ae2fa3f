import type { UploadedFileResult } from '@recon/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadPipelineFile } from '@/features/jobs/api/upload-pipeline-file';
import { ERROR_TEXTS, errorBodyOf, firstServerMessage, isCancel } from '@/lib/http-errors';

/** Upload file states of spec 2 §4. */
export const UPLOAD_STATES = ['PENDING', 'STARTED', 'FINISHED', 'FAILED', 'CANCELLED'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** An upload item (spec 2 §3: file, curProgress, curState, errMsg) with the pipeline it goes to. */
export type UploadItem = {
  id: string;
  file: File;
  pipelineId: number;
  pipelineName: string;
  curProgress: number;
  curState: UploadState;
  errMsg: string | null;
};

export type UploadOutcome =
  | { item: UploadItem; result: UploadedFileResult; errMsg?: undefined }
  | { item: UploadItem; result?: undefined; errMsg: string };

type Upload = typeof uploadPipelineFile;

/** "file name followed by the server's first error message if present, else the generic message". */
export function failureText(fileName: string, error: unknown): string {
  return `${fileName}: ${firstServerMessage(errorBodyOf(error)) ?? ERROR_TEXTS.generic}`;
}

let nextId = 0;

/**
 * The upload queue: files go one at a time, in the order added; a cancelled file is skipped; a file leaves the
 * queue once it finishes or fails, and `onDone` is told either way.
 */
export function useUploadQueue(onDone: (outcome: UploadOutcome) => void, upload: Upload = uploadPipelineFile) {
  const [queue, setQueue] = useState<UploadItem[]>([]);
  const activeId = useRef<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setQueue((q) => q.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  useEffect(() => {
    if (activeId.current !== null) return;
    const next = queue.find((item) => item.curState === 'PENDING');
    if (!next) return;
    activeId.current = next.id;
    const abort = new AbortController();
    controller.current = abort;
    update(next.id, { curState: 'STARTED', curProgress: 0 });
    upload({
      pipelineId: next.pipelineId,
      file: next.file,
      signal: abort.signal,
      onProgress: (curProgress) => update(next.id, { curProgress }),
    })
      .then((result) => {
        setQueue((q) => q.filter((item) => item.id !== next.id));
        onDoneRef.current({ item: { ...next, curState: 'FINISHED', curProgress: 100 }, result });
      })
      .catch((error: unknown) => {
        if (isCancel(error) || abort.signal.aborted) {
          update(next.id, { curState: 'CANCELLED' });
          return;
        }
        const errMsg = failureText(next.file.name, error);
        setQueue((q) => q.filter((item) => item.id !== next.id));
        onDoneRef.current({ item: { ...next, curState: 'FAILED', errMsg }, errMsg });
      })
      .finally(() => {
        activeId.current = null;
        controller.current = null;
        // Wake the queue for the next file.
        setQueue((q) => [...q]);
      });
  }, [queue, update, upload]);

  const add = useCallback((files: readonly File[], pipeline: { id: number; name: string }) => {
    setQueue((q) => [
      ...q,
      ...files.map((file) => {
        nextId += 1;
        return {
          id: `upload-${nextId}`,
          file,
          pipelineId: pipeline.id,
          pipelineName: pipeline.name,
          curProgress: 0,
          curState: 'PENDING' as const,
          errMsg: null,
        };
      }),
    ]);
  }, []);

  /** A waiting file is skipped; the file being sent is stopped. */
  const cancel = useCallback(
    (id: string) => {
      if (activeId.current === id) controller.current?.abort();
      else update(id, { curState: 'CANCELLED' });
    },
    [update],
  );

  /** Clears the cancelled files once nothing is waiting or being sent. */
  const dismiss = useCallback(() => setQueue((q) => q.filter((item) => item.curState !== 'CANCELLED')), []);

  const isBusy = queue.some((item) => item.curState === 'PENDING' || item.curState === 'STARTED');
  return { queue, add, cancel, dismiss, isBusy };
}
