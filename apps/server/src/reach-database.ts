import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type EmbeddedServer, readSecret, startEmbeddedPostgres, superuserPasswordFile } from '@recon/db';
import pg from 'pg';
import type { Config } from '@/config.ts';

/**
 * The database the server uses, for a maintenance command (`audit:verify`, `secrets:rotate`): DATABASE_OWNER_URL or
 * DATABASE_URL, else the embedded cluster in DATA_DIR — the running server's, or started for the command (the caller
 * stops it).
 */
export async function reachDatabase(config: Config): Promise<{ url: string; embedded?: EmbeddedServer }> {
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
