import { randomUUID } from 'node:crypto';
import { closeSync, createReadStream, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';

// Text kept in memory before it goes to a file: a few invalid rows never touch the disk, a file of invalid
// rows never fills the memory.
const MEMORY_LIMIT_CHARS = 4 * 1024 * 1024;

/**
 * Text written now and read back once, later: in memory while small, in a temporary file under `dir` past
 * MEMORY_LIMIT_CHARS. `dispose()` removes the file.
 */
export class SpillBuffer {
  private chunks: string[] = [];
  private size = 0;
  private fd: number | null = null;
  private path: string | null = null;

  constructor(private readonly dir: string) {}

  get isEmpty(): boolean {
    return this.size === 0;
  }

  append(text: string): void {
    this.size += text.length;
    if (this.fd !== null) {
      writeSync(this.fd, text);
      return;
    }
    this.chunks.push(text);
    if (this.size > MEMORY_LIMIT_CHARS) {
      mkdirSync(this.dir, { recursive: true });
      this.path = join(this.dir, `spill-${randomUUID()}`);
      this.fd = openSync(this.path, 'w');
      for (const chunk of this.chunks) writeSync(this.fd, chunk);
      this.chunks = [];
    }
  }

  /** Everything appended, in order. */
  read(): Readable {
    if (this.fd === null) return Readable.from(this.chunks, { objectMode: false });
    closeSync(this.fd);
    this.fd = null;
    return createReadStream(this.path as string);
  }

  dispose(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    if (this.path) rmSync(this.path, { force: true });
    this.chunks = [];
  }
}
