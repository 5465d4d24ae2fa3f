import { open } from 'node:fs/promises';
import { CSV_DELIMITERS, PREVIEW_LINE_CHARS, PREVIEW_LINE_COUNT } from '@recon/contract';

const HEAD_BYTES = 128 * 1024;

/**
 * The first lines of a text sample as they are (preamble, header, the first rows), each cut at
 * PREVIEW_LINE_CHARS: what the config screen shows so rows to skip and fixed-width positions can be seen. A
 * line the read cut short is left out.
 */
export async function readFirstLines(path: string): Promise<string[]> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    let text = buffer.subarray(0, bytesRead).toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const lines = text.split(/\r\n|\n|\r/);
    if (bytesRead === HEAD_BYTES) lines.pop();
    else if (lines.at(-1) === '') lines.pop();
    return lines.slice(0, PREVIEW_LINE_COUNT).map((l) => l.slice(0, PREVIEW_LINE_CHARS));
  } finally {
    await handle.close();
  }
}

/** The delimiter of a delimited sample: the candidate found most often on its header (or first data) line. */
export function sniffDelimiter(line: string): string {
  const counts = CSV_DELIMITERS.map((d) => ({ d, n: line.split(d).length - 1 }));
  return counts.reduce((best, c) => (c.n > best.n ? c : best), { d: ',', n: 0 } as { d: string; n: number }).d;
}
