// Sums the gzipped JS the /login route loads: the entry chunk of index.html and its static imports, then
// with the lazily loaded login page and its static imports added — everything /login fetches until the
// network is idle, held to the 200 KB budget (bench/platform.ts measures the same in a browser).
// Run after `npm run build -w @recon/web`: `npm run size -w @recon/web`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const LIMIT_KB = 200;

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
const entryFiles = new Set(files);
collect('src/features/auth/login-page.tsx');

const rows = [...files]
  .map((file) => ({
    file,
    kb: gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024,
    via: entryFiles.has(file) ? 'entry' : 'login page',
  }))
  .sort((a, b) => b.kb - a.kb);
const sum = (via) => rows.filter((r) => via === undefined || r.via === via).reduce((n, r) => n + r.kb, 0);
const totalKb = sum();
const lines = rows.map((r) => `${r.kb.toFixed(1).padStart(7)} KB  ${r.via.padEnd(10)}  ${r.file}`);
lines.push(`${sum('entry').toFixed(1).padStart(7)} KB  index.html entry chunk and its static imports`);
lines.push(
  `${totalKb.toFixed(1).padStart(7)} KB  with the lazily loaded login page and its imports (limit ${LIMIT_KB} KB)`,
);
process.stdout.write(`${lines.join('\n')}\n`);
if (totalKb > LIMIT_KB) process.exitCode = 1;
