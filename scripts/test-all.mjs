#!/usr/bin/env node
// `npm test`: every suite — Vitest (packages, server on real PostgreSQL, web in jsdom), then the web build and
// the Playwright journeys in real Chromium — and one plain closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

let passed = 0;
let failed = 0;

const vitestStatus = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
]);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed +=
    vitest.numFailedTests +
    (vitest.numFailedTestSuites > 0 && vitest.numFailedTests === 0 ? vitest.numFailedTestSuites : 0);
} else if (vitestStatus !== 0) failed += 1;

const buildStatus = run('npm', ['run', 'build', '--silent']);
if (buildStatus !== 0) {
  console.error('web build failed: browser journeys not run');
  failed += 1;
} else {
  const pwStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
  });
  const pw = readJson('test-results/playwright.json');
  if (pw?.stats) {
    passed += pw.stats.expected + (pw.stats.flaky ?? 0);
    failed += pw.stats.unexpected;
  }
  // Playwright failing outside a test (the web server did not start, a config or global error) is a failure too.
  if (pwStatus !== 0 && !(pw?.stats?.unexpected > 0)) {
    console.error(`browser journeys did not run to the end (playwright exited with ${pwStatus})`);
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
