import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@recon/db/testing';

/**
 * The real server as a separate process (main.ts: embedded PostgreSQL in its own data directory, the demo
 * seed, the worker), for tests of what only a process shows: restarts, crashes.
 */
export type ServerProcess = {
  base: string;
  dataDir: string;
  /** The embedded cluster as its superuser (the password the server generated into DATA_DIR). */
  pgUrl: string;
  /** The embedded cluster's port (EMBEDDED_PG_PORT), chosen at the first start. */
  pgPort: string;
  start: () => Promise<void>;
  /** SIGTERM and wait: the orderly shutdown. Answers the exit code. */
  stop: () => Promise<number | null>;
  /** The last 64 KB the process wrote (stdout and stderr), so a failed test can say why it exited as it did. */
  output: () => string;
  /** SIGKILL: the process dies at once, its PostgreSQL child lives on. */
  kill: () => Promise<void>;
  cleanUp: () => void;
};

/** `dataDir`: another server's directory (a second server on it), left for its owner to clean up. */
export function serverProcess(extraEnv: Record<string, string> = {}, shared: { dataDir?: string } = {}): ServerProcess {
  // Chosen at the first start and kept: the restart must find its PostgreSQL where it left it.
  let port = 0;
  let pgPort = 0;
  const dataDir = shared.dataDir ?? mkdtempSync(join(tmpdir(), 'recon-proc-'));
  let child: ChildProcess | undefined;
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-64 * 1024);
  };
  const exited = () =>
    new Promise<number | null>((r) =>
      child?.exitCode !== null && child ? r(child.exitCode) : child?.once('exit', (code) => r(code)),
    );
  return {
    get base() {
      return `http://127.0.0.1:${port}/web/v2`;
    },
    dataDir,
    get pgPort() {
      return String(pgPort);
    },
    get pgUrl() {
      const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
      return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/recon`;
    },
    start: async () => {
      if (port === 0) [port, pgPort] = [await freePort(), await freePort()];
      const base = `http://127.0.0.1:${port}/web/v2`;
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: new URL('../..', import.meta.url).pathname,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(pgPort),
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          TSX_TSCONFIG_PATH: 'tsconfig.json',
          ...extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
        try {
          if ((await fetch(`${base}/login-methods`)).ok) return;
        } catch {
          // not yet listening
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`server did not start in 120 s:\n${output}`);
    },
    stop: async () => {
      const done = exited();
      child?.kill('SIGTERM');
      return done;
    },
    kill: async () => {
      const done = exited();
      child?.kill('SIGKILL');
      await done;
    },
    output: () => output,
    cleanUp: () => {
      if (!shared.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signInDemo(base: string, userName = 'admin'): Promise<{ authToken: string; id: number }> {
  const r = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'Recon@Demo2026' }),
  });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  return (await r.json()) as { authToken: string; id: number };
}
