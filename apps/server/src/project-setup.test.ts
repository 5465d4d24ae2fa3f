import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, withEnvFile } from '@/config.ts';

// What a first `npm install && npm start` meets besides the server: the Node floor, a `.env`, the bench's help.

const ROOT = new URL('../../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'recon-setup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('the Node.js floor', () => {
  it('is one every installed package supports, so npm install warns of no engine', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const floor = semver.minVersion(root.engines.node)?.version as string;
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; engines?: { node?: string }; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.engines?.node && !semver.satisfies(floor, p.engines.node))
      .map(([path, p]) => `${path}@${p.version} wants node ${p.engines?.node}`);
    expect(refusing, `engines.node ${root.engines.node}`).toEqual([]);
  });
});

describe('the .env file', () => {
  it('supplies settings the environment does not set; a variable set in the environment wins', () => {
    const file = join(tmp, '.env');
    writeFileSync(file, '# the demo on another port\nPORT=9090\nLOG_LEVEL=debug\nDATA_DIR=/srv/recon\n');
    const config = loadConfig(
      withEnvFile(
        {
          LOG_LEVEL: 'warn',
          JWT_SECRET: 'env-file-test-secret-0123456789-abcdef',
          SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
        },
        file,
      ),
    );
    expect([config.port, config.logLevel, config.dataDir]).toEqual([9090, 'warn', '/srv/recon']);
  });

  it('is optional', () => {
    const env = { PORT: '8181' };
    expect(withEnvFile(env, join(tmp, 'none.env'))).toBe(env);
  });
});

describe('npm run bench -- --help', () => {
  it('lists the scenarios', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bench/run.ts', '--help'], {
      cwd: ROOT,
    });
    expect(stdout).toMatch(/^Usage: npm run bench/);
    for (const name of ['platform', 'ingest', 'recon', 'realistic', 'export', 'rollback', 'transactions', 'transforms'])
      expect(stdout).toContain(name);
  }, 60_000);
});
