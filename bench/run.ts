import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { benchAuditChain } from './audit-chain.ts';
import { benchDashboard } from './dashboard.ts';
import { benchExport } from './export.ts';
import { benchGl } from './gl.ts';
import { benchIngest } from './ingest.ts';
import { benchPlatform } from './platform.ts';
import { benchRealistic } from './realistic.ts';
import { benchRecon } from './recon.ts';
import { benchRollback } from './rollback.ts';
import { benchTransactions } from './transactions.ts';
import { benchTransforms } from './transforms.ts';

/** `npm run bench [scenario]`: every scenario or one, results as JSON under bench/results/. Needs a built web app. */
const scenarios = {
  platform: benchPlatform,
  ingest: benchIngest,
  recon: benchRecon,
  realistic: benchRealistic,
  export: benchExport,
  rollback: benchRollback,
  transactions: benchTransactions,
  transforms: benchTransforms,
  audit: benchAuditChain,
  gl: benchGl,
  dashboard: benchDashboard,
} as const;
const USAGE = `Usage: npm run bench [-- <scenario>]

Runs every scenario, or only the one named, and writes its results to bench/results/<scenario>.json.
Needs a built web app (npm run build).

Scenarios: ${Object.keys(scenarios).join(', ')}`;

const only = process.argv[2];
if (only === '--help' || only === '-h') {
  console.log(USAGE);
  process.exit(0);
}
if (only && !(only in scenarios)) {
  console.error(`Unknown scenario "${only}".\n\n${USAGE}`);
  process.exit(2);
}
mkdirSync('bench/results', { recursive: true });
for (const [name, fn] of Object.entries(scenarios)) {
  if (only && only !== name) continue;
  const startedAt = new Date().toISOString();
  const result = await fn();
  const record = {
    scenario: name,
    startedAt,
    machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    result,
  };
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(record, null, 2)}\n`);
  console.log(JSON.stringify(record, null, 2));
}
