import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const FAMILIES = ['amazon-settlement', 'razorpay-settlement', 'bank-xlsx', 'network-raw'] as const;

/**
 * The golden cases of issue 9 trust expected.json; this keeps it honest. Each family's compute-expected.mjs
 * re-derives the results from the fixture files (checking the facts the fixture was designed to hold: totals,
 * trailers, running balances, the intended breaks) and fails if the committed expected.json differs.
 */
describe('real-file fixtures', () => {
  it.each(FAMILIES)('keeps %s/expected.json equal to what its files give', (family) => {
    const run = spawnSync(process.execPath, ['compute-expected.mjs', '--check'], {
      cwd: join(HERE, family),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('is up to date');
  });
});
