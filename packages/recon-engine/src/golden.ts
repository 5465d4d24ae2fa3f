import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One golden case: two sides' rows, the rules, and the expected pairs and statuses (test/golden/<case>/). */
export type GoldenCase = {
  name: string;
  /** The case folder: steps may name further files in it (e.g. a second file for side B). */
  dir: string;
  a: string;
  b: string;
  rules: unknown;
  expected: unknown;
};

const CASE_FILES = ['a.csv', 'b.csv', 'rules.json', 'expected.json'] as const;

/** Reads every case folder under `dir`; a folder missing one of the four files is an error, not a skip. */
export function loadGoldenCases(dir: string): GoldenCase[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const folder = join(dir, name);
      const missing = CASE_FILES.filter((f) => !existsSync(join(folder, f)));
      if (missing.length) throw new Error(`golden case ${name} is missing ${missing.join(', ')}`);
      const read = (f: string) => readFileSync(join(folder, f), 'utf8');
      return {
        name,
        dir: folder,
        a: read('a.csv'),
        b: read('b.csv'),
        rules: JSON.parse(read('rules.json')),
        expected: JSON.parse(read('expected.json')),
      };
    });
}
