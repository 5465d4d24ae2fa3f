import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/**
 * Writes expected.json, or with `--check` compares it (as JSON, so formatting by biome does not matter) with what
 * the script computes now and exits 1 on any difference: a fixture edited without recomputing fails the check.
 */
export function writeOrCheckExpected(path, expected) {
  if (process.argv.includes('--check')) {
    const committed = JSON.parse(readFileSync(path, 'utf8'));
    if (!isDeepStrictEqual(committed, expected)) {
      process.stderr.write(`${path} is stale: run the script without --check and review the diff\n`);
      process.exit(1);
    }
    process.stdout.write(`${path} is up to date\n`);
    return;
  }
  writeFileSync(path, `${JSON.stringify(expected, null, 2)}\n`);
  process.stdout.write(`wrote ${path}\n`);
}

/** A fixture fact the script relies on; a violated one stops the script, naming the fact. */
export function assertFact(isTrue, fact) {
  if (!isTrue) throw new Error(`fixture fact violated: ${fact}`);
}
