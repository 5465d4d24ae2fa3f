import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';
import { invalidContent } from './ingest-error.ts';

/** Bytes a UTF-8 sequence starting with this lead byte takes (0 for a continuation byte). */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 0;
}

/** How many bytes at the end of a chunk start a sequence the next chunk completes. */
function incompleteTail(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const len = sequenceLength(chunk[chunk.length - back] as number);
    if (len === 0) continue;
    return len > back ? back : 0;
  }
  return 0;
}

/**
 * Passes bytes through unchanged and fails on the first malformed UTF-8 sequence. The CSV parser would
 * otherwise decode bad bytes to U+FFFD silently and load altered text. A sequence split across chunks is
 * carried to the next one; the native check keeps this at memory speed.
 */
export function utf8Guard(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback: TransformCallback) {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const tail = incompleteTail(bytes);
      const whole = tail ? bytes.subarray(0, bytes.length - tail) : bytes;
      if (!isUtf8(whole)) {
        callback(invalidContent(`The file is not UTF-8 text (malformed bytes after byte ${offset})`));
        return;
      }
      offset += whole.length;
      carry = tail ? Buffer.from(bytes.subarray(bytes.length - tail)) : Buffer.alloc(0);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (carry.length) callback(invalidContent('The file is not UTF-8 text (it ends inside a character)'));
      else callback();
    },
  });
}
