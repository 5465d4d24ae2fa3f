import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
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
  try {
    await pipeline(source, meter, createWriteStream(path, { flags: 'wx' }));
  } catch (err) {
    await rm(path, { force: true });
    throw err;
  }
  return { sizeBytes: size, sha256: hash.digest('hex'), isTruncated: source.truncated === true };
}

/** Where a pipeline's uploaded file lives, relative to DATA_DIR. */
export const uploadPath = (moduleId: number, pipelineId: number, fileId: number) =>
  `uploads/${moduleId}/${pipelineId}/${fileId}`;
