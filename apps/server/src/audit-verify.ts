import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createDb,
  createPool,
  type EmbeddedServer,
  readSecret,
  sealAuditLog,
  startEmbeddedPostgres,
  superuserPasswordFile,
  verifyAuditChain,
} from '@recon/db';
import pg from 'pg';
import { type Config, loadConfig } from '@/config.ts';

/**
 * `npm run audit:verify`: seals what is not sealed yet, walks the audit chain and prints `audit chain intact: N rows`,
 * or the first broken link and exit code 1 (decision 0014). Reaches the database the server uses: DATABASE_OWNER_URL
 * or DATABASE_URL, else the embedded cluster in DATA_DIR — the running server's, or started for the check and stopped.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const { url, embedded } = await reachDatabase(config);
  const db = createDb(createPool(url, { max: 2 }));
  try {
    const sealed = await sealAuditLog(db);
    const report = await verifyAuditChain(db);
    if (report.broken) {
      console.log(`audit chain broken: ${report.broken.message}`);
      return 1;
    }
    const start =
      report.firstSeq && report.firstSeq > 1 ? ` (from position ${report.firstSeq}: older rows removed)` : '';
    console.log(`audit chain intact: ${report.rows} rows${start}${sealed ? `, ${sealed} sealed now` : ''}`);
    return 0;
  } finally {
    await db.destroy();
    await embedded?.stop();
  }
}

async function reachDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedServer }> {
  const external = config.databaseOwnerUrl ?? config.databaseUrl;
  if (external) return { url: external };
  const clusterDir = join(config.dataDir, 'pg');
  const password = await readSecret(superuserPasswordFile(clusterDir));
  if (password) {
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/recon`;
    const probe = new pg.Client({ connectionString: url });
    const isRunning = await probe.connect().then(
      () => true,
      () => false,
    );
    await probe.end().catch(() => undefined);
    if (isRunning) return { url };
  }
  if (!existsSync(join(clusterDir, 'PG_VERSION')))
    throw new Error(`no database in ${clusterDir}: start the server once`);
  const embedded = await startEmbeddedPostgres({ dataDir: clusterDir, port: config.embeddedPgPort, database: 'recon' });
  return { url: embedded.url, embedded };
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
