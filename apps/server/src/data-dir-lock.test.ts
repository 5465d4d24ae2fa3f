import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'recon-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
// A pid that was alive a moment ago and is not any more.
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number;

describe('lockDataDir', () => {
  it('writes the owner’s pid and port, and removes the lock on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 8080);
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, port: 8080 });
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while a live process holds it, naming that process and the directory', () => {
    const dir = freshDir();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, port: 8081, startedAt: '2026-11-26T10:00:00.000Z' }),
    );
    expect(() => lockDataDir(dir, 8082)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir, 8082)).toThrow(
      `The data directory ${dir} is in use by another Recon server (pid ${process.ppid}, port 8081`,
    );
    expect(lockOf(dir).pid).toBe(process.ppid);
  });

  it('takes over the lock of a server that is gone', () => {
    const dir = freshDir();
    const gone = deadPid();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: gone, port: 8081, startedAt: 'earlier' }));
    const messages: string[] = [];
    const lock = lockDataDir(dir, 8083, (m) => messages.push(m));
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, port: 8083 });
    expect(messages).toEqual([`taking over the lock of a server that is gone (pid ${gone})`]);
    lock.release();
  });

  it('never removes another server’s lock on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 8084);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid, port: 9000, startedAt: 'later' }));
    lock.release();
    expect(lockOf(dir).pid).toBe(process.ppid);
  });
});
