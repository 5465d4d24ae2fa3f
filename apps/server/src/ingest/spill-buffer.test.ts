import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { SpillBuffer } from './spill-buffer.ts';

const dir = mkdtempSync(join(tmpdir(), 'spill-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SpillBuffer', () => {
  it('gives back a little text from memory, without a file', async () => {
    const b = new SpillBuffer(join(dir, 'small'));
    expect(b.isEmpty).toBe(true);
    b.append('a\tb\n');
    b.append('é\n');
    expect(b.isEmpty).toBe(false);
    expect(await text(b.read())).toBe('a\tb\né\n');
    b.dispose();
    expect(existsSync(join(dir, 'small'))).toBe(false);
  });

  it('moves to a file past its memory limit, gives everything back in order, and removes the file', async () => {
    const spillDir = join(dir, 'large');
    const b = new SpillBuffer(spillDir);
    const line = `${'x'.repeat(1000)}é\n`;
    for (let i = 0; i < 5000; i++) b.append(line);
    expect(readdirSync(spillDir)).toHaveLength(1);
    const back = await text(b.read());
    expect(back.length).toBe(line.length * 5000);
    expect(back.startsWith(line) && back.endsWith(line)).toBe(true);
    b.dispose();
    expect(readdirSync(spillDir)).toHaveLength(0);
  });
});
