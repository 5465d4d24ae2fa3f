import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredUpload = { sizeBytes: number; sha256: string; isTruncated: boolean };

/**
 * Streams an upload to `path`, computing its SHA-256 and size on the way: the file is never held in memory.
 * isTruncated: the multipart size limit cut it short (busboy marks the stream).
 */
export async function storeUpload(source: Readable & { truncated?: boolean }, path: string): Promise<StoredUpload> {
  await mkdir(dirname(path), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const out = createWriteStream(path, { flags: 'wx' });
  try {
    await pipeline(source, meter, out);
  } catch (err) {
    // A source that fails while the file is still being opened: the file appears once the open completes, after the
    // pipeline has already failed. Waiting for the stream to close first means the removal finds it.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    await rm(path, { force: true });
    throw err;
  }
  return { sizeBytes: size, sha256: hash.digest('hex'), isTruncated: source.truncated === true };
}

/** Where a pipeline's uploaded file lives, relative to DATA_DIR. */
export const uploadPath = (moduleId: number, pipelineId: number, fileId: number) =>
  `uploads/${moduleId}/${pipelineId}/${fileId}`;

/** Deletes a file's stored bytes, complete or partial (nothing to delete is no error). */
export async function removeStoredBytes(
  dataDir: string,
  f: { moduleId: number; pipelineId: number; fileId: number },
): Promise<void> {
  await rm(join(dataDir, uploadPath(f.moduleId, f.pipelineId, f.fileId)), { force: true });
}

// The uploads this process is receiving right now (file ids whose row is UPLOAD_STARTED): the sweep of
// interrupted uploads never touches them, whatever their age. A crash empties it with the process.
const inProgress = new Set<number>();
export const beginReceiving = (fileId: number) => void inProgress.add(fileId);
export const endReceiving = (fileId: number) => void inProgress.delete(fileId);
export const receivingNow = (): number[] => [...inProgress];

/** The multipart parser's word for a body that ended before its closing boundary (a client gone, a cut request). */
export const isCutOffBody = (err: unknown): boolean =>
  err instanceof Error && /unexpected end of multipart data/i.test(err.message);
