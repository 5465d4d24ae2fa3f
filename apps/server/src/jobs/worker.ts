import type { Db } from '@recon/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '@/config.ts';
import { runDownload } from '@/lib/downloads/run-export.ts';
import { createOutboxNotifier } from '@/lib/notifier.ts';
import { startAuditSealer } from './audit-sealer.ts';
import { startDataVersionFold } from './data-version-fold.ts';
import {
  DOWNLOAD_CONCURRENCY,
  DOWNLOAD_MESSAGE_EXPIRY_SECONDS,
  DOWNLOAD_QUEUE,
  type DownloadMessage,
  recoverDownloads,
} from './export-queue.ts';
import { BOSS_SCHEMA, bossDb, RUN_QUEUE, type RunMessage, registerLocalWaker, TICK_CRON, TICK_QUEUE } from './queue.ts';
import { recoverAfterRestart } from './recovery.ts';
import { type ActivityHandlers, createActivityRegistry } from './registry.ts';
import { type Runner, runExecution } from './runner.ts';
import { fireDueSchedules } from './schedules.ts';
import { startTicketMailSchedule } from './ticket-mail-schedule.ts';
import { startSlaCheck } from './ticket-sla.ts';

export type WorkerDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Replace activity handlers type by type (tests inject fakes; later issues add RECON…). */
  handlers?: ActivityHandlers;
  /** Runs this process works on at once (across modules, and within one when a parallel config allows). */
  concurrency?: number;
  /** How often an idle worker looks for queued runs queued by another process. */
  pollingIntervalSeconds?: number;
};

export type Worker = { stop: () => Promise<void> };

const DEFAULT_CONCURRENCY = 4;
const DEFAULT_POLLING_SECONDS = 2;
// A pipeline load of a large file can take long; pg-boss must not expire the message under it (max 24 h).
const RUN_MESSAGE_EXPIRY_SECONDS = 23 * 60 * 60;
const STOP_TIMEOUT_MS = 30_000;

/**
 * Starts the job worker on pg-boss in the product's database: recovers runs cut off by a crash, then works on
 * run messages and the once-a-minute scheduler tick, and seals the audit log every few seconds (decision 0014).
 * `stop()` lets running activities finish (up to 30 s).
 */
export async function startWorker(deps: WorkerDeps): Promise<Worker> {
  const now = deps.now ?? (() => new Date());
  const log = deps.log.child({ component: 'job-worker' });
  const boss = new PgBoss({ schema: BOSS_SCHEMA, db: bossDb(deps.db), migrate: true, supervise: true, schedule: true });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, retryLimit: 0, expireInSeconds: RUN_MESSAGE_EXPIRY_SECONDS });
  await boss.createQueue(TICK_QUEUE, { name: TICK_QUEUE, retryLimit: 0 });
  await boss.createQueue(DOWNLOAD_QUEUE, {
    name: DOWNLOAD_QUEUE,
    retryLimit: 0,
    expireInSeconds: DOWNLOAD_MESSAGE_EXPIRY_SECONDS,
  });

  const runner: Runner = {
    db: deps.db,
    config: deps.config,
    log,
    now,
    handlerOf: createActivityRegistry(deps.handlers),
  };
  const failed = await recoverAfterRestart(deps.db, now());
  if (failed.length > 0) log.warn({ executionIds: failed }, 'runs cut off by a stop were marked FAILED');

  const failedDownloads = await recoverDownloads(deps.db, now());
  if (failedDownloads.length > 0)
    log.warn({ downloadIds: failedDownloads }, 'exports cut off by a stop were marked FAILED');

  const pollingIntervalSeconds = deps.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS;
  const workerIds: string[] = [];
  for (let i = 0; i < (deps.concurrency ?? DEFAULT_CONCURRENCY); i++) {
    const id = await boss.work<RunMessage>(RUN_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([message]) => {
      if (message) await runExecution(runner, message.data.executionId);
    });
    workerIds.push(id);
  }
  const exportDeps = { db: deps.db, dataDir: deps.config.dataDir, log, now };
  const downloadWorkerIds: string[] = [];
  for (let i = 0; i < DOWNLOAD_CONCURRENCY; i++) {
    const id = await boss.work<DownloadMessage>(
      DOWNLOAD_QUEUE,
      { pollingIntervalSeconds, batchSize: 1 },
      async ([message]) => {
        if (message) await runDownload(exportDeps, message.data.requestId);
      },
    );
    downloadWorkerIds.push(id);
  }
  await boss.work(TICK_QUEUE, { pollingIntervalSeconds: DEFAULT_POLLING_SECONDS }, async () => {
    const created = await fireDueSchedules(runner, now());
    if (created.length > 0) log.info({ executionIds: created }, 'scheduled jobs started');
  });
  await boss.schedule(TICK_QUEUE, TICK_CRON);
  await startTicketMailSchedule(boss, { db: deps.db, config: deps.config, log, now });
  const unregister = registerLocalWaker(() => {
    for (const id of [...workerIds, ...downloadWorkerIds]) boss.notifyWorker(id);
  });
  for (const id of [...workerIds, ...downloadWorkerIds]) boss.notifyWorker(id);
  const sealer = startAuditSealer({ db: deps.db, log });
  const versionFold = startDataVersionFold({ db: deps.db, log });
  const slaCheck = startSlaCheck({
    db: deps.db,
    log,
    now,
    notifier: createOutboxNotifier(log, { smtpUrl: deps.config.smtpUrl, mailFrom: deps.config.mailFrom }),
  });
  log.info({ concurrency: workerIds.length }, 'job worker started');

  return {
    stop: async () => {
      unregister();
      await sealer.stop();
      await versionFold.stop();
      await slaCheck.stop();
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS });
      log.info('job worker stopped');
    },
  };
}
