import { createDb, createPool, sealAuditLog, verifyAuditChain } from '@recon/db';
import { loadConfig } from '@/config.ts';
import { reachDatabase } from '@/reach-database.ts';

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

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
