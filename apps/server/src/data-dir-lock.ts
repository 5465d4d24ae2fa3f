import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One data directory, one owner. The server holding DATA_DIR/recon.lock (created exclusively, with its pid) owns
 * the directory and the embedded PostgreSQL in it; a second server on the same directory refuses to start instead of
 * taking the database over. A lock whose pid is no longer alive was left by a killed server and is taken over: only
 * then may a PostgreSQL still running on the directory be stopped as left over.
 */

export const LOCK_FILE = 'recon.lock';

export type LockOwner = { pid: number; port: number; startedAt: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Recon server (pid ${owner.pid}, port ${owner.port}, ` +
        `started ${owner.startedAt}). Stop that server first, or give this one its own DATA_DIR.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && owner.pid > 0 ? owner : null;
  } catch {
    return null;
  }
}

/** Creates the lock file only if there is none: the exclusive create is what makes two starts exclude each other. */
function tryCreate(file: string, owner: LockOwner): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(owner)}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

// A lock file younger than this that cannot be read yet is being written by a server starting right now.
const FRESH_LOCK_MS = 2_000;

function removeIfSame(file: string, owner: LockOwner | null): void {
  try {
    if (!owner && Date.now() - statSync(file).mtimeMs < FRESH_LOCK_MS) return;
    if (readOwner(file)?.pid === owner?.pid) unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export type DataDirLock = { file: string; release: () => void };

/**
 * Takes the data directory for this process (`port`: the HTTP port, for the refusal message of a second server).
 * Throws DataDirInUseError when a live process holds it. Released by `release()` or when the process exits.
 */
export function lockDataDir(dataDir: string, port: number, log: (m: string) => void = () => undefined): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const mine: LockOwner = { pid: process.pid, port, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(file, mine)) break;
    const owner = readOwner(file);
    if (owner && owner.pid !== process.pid && isAlive(owner.pid)) throw new DataDirInUseError(dataDir, owner);
    // A second start that lost the race for a stale lock finds the winner's lock on its next attempt.
    if (attempt >= 2) throw new Error(`Could not take the lock ${file}: delete it if no Recon server uses ${dataDir}`);
    log(owner ? `taking over the lock of a server that is gone (pid ${owner.pid})` : 'replacing an unreadable lock');
    removeIfSame(file, owner);
  }
  let isHeld = true;
  const release = () => {
    if (!isHeld) return;
    isHeld = false;
    process.off('exit', release);
    // Never another server's: only the file that still names this process goes.
    if (readOwner(file)?.pid === process.pid) removeIfSame(file, mine);
  };
  process.on('exit', release);
  return { file, release };
}
