#!/usr/bin/env node
// The registry this project installs from has only the linux builds of Biome's per-platform binaries,
// so `npm install` leaves the other platforms out of package-lock.json and `npm ci` then refuses the lock.
// This writes lock entries for the missing platforms (never fetched on linux: their os/cpu do not match).
// Run after any `npm install` that rewrites the lock: `node scripts/fix-lock-optional.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const PLATFORM = {
  'cli-android-arm64': { os: ['android'], cpu: ['arm64'] },
  'cli-android-x64': { os: ['android'], cpu: ['x64'] },
  'cli-darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'cli-darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'cli-linux-arm64-musl': { os: ['linux'], cpu: ['arm64'], libc: ['musl'] },
  'cli-linux-x64-musl': { os: ['linux'], cpu: ['x64'], libc: ['musl'] },
  'cli-win32-arm64': { os: ['win32'], cpu: ['arm64'] },
  'cli-win32-x64': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  if (!path.endsWith('node_modules/@biomejs/biome')) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${path.slice(0, -'biome'.length)}${name.slice('@biomejs/'.length)}`;
    const platform = PLATFORM[name.slice('@biomejs/'.length)];
    if (lock.packages[key] || !platform) continue;
    lock.packages[key] = {
      version,
      dev: true,
      license: 'MIT OR Apache-2.0',
      optional: true,
      ...platform,
      engines: { node: '>=14.21.3' },
    };
    added += 1;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries to ${LOCK}`);
