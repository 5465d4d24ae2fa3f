import type { JobSaveRequest } from '@recon/contract';
import { sql } from 'kysely';
import pino from 'pino';
import { testConfig } from '@/config.ts';
import type { ActivityHandler, ActivityResult, ActivityRun } from '@/jobs/activity.ts';
import { RUN_QUEUE } from '@/jobs/queue.ts';
import { startWorker, type Worker, type WorkerDeps } from '@/jobs/worker.ts';
import { createPhysicalTables, physicalNames } from '@/lib/data-tables/ddl.ts';
import { call, type Session, type TestApp, uniqueName } from '@/testing/test-app.ts';

// Records the job tests need, written straight to the database (their own endpoints are other features).

let tableCounter = 0;

/** A pipeline of the module over a real data table (`amount`, `reference` + system columns). */
export async function addPipeline(t: TestApp, moduleId: number, name = uniqueName('Pipeline')) {
  tableCounter += 1;
  const names = physicalNames(moduleId, `jt${tableCounter}_${Date.now() % 100_000}`);
  const db = t.database.db;
  await createPhysicalTables(db, names, [
    { name: 'reference', dataType: 'VARCHAR', isMoney: false },
    { name: 'amount', dataType: 'DOUBLE', isMoney: true },
  ]);
  const table = await db
    .insertInto('data_table')
    .values({
      module_id: moduleId,
      name: names.table,
      table_name: names.table,
      history_table_name: names.history,
      invalid_table_name: names.invalid,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pipeline = await db
    .insertInto('pipeline')
    .values({ module_id: moduleId, name, data_table_id: table.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: pipeline.id, name, table: names.table, invalidTable: names.invalid };
}

export async function addRecon(t: TestApp, moduleId: number, name = uniqueName('Recon')) {
  const row = await t.database.db
    .insertInto('recon')
    .values({ module_id: moduleId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addUploadedFile(
  t: TestApp,
  f: { moduleId: number; pipelineId: number; uploadedBy?: number | null; status?: string },
) {
  const row = await t.database.db
    .insertInto('uploaded_file')
    .values({
      module_id: f.moduleId,
      pipeline_id: f.pipelineId,
      original_name: `${uniqueName('file')}.csv`,
      stored_path: '/dev/null',
      size_bytes: 10,
      content_sha256: uniqueName('sha'),
      status: f.status ?? 'UPLOADED',
      upload_status: 'UPLOADED',
      uploaded_by: f.uploadedBy ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addExportConfig(
  t: TestApp,
  moduleId: number,
  c: { configName?: string; exportJobTypeName: string; pipelineId?: number | null; exportColumns?: string },
) {
  const row = await t.database.db
    .insertInto('export_report_config')
    .values({
      module_id: moduleId,
      config_name: c.configName ?? uniqueName('Export'),
      export_job_type_name: c.exportJobTypeName,
      pipeline_id: c.pipelineId ?? null,
      export_columns: c.exportColumns ?? 'reference,amount',
      report_config_id: 7,
      facility: 'WH1',
      account_id: 'acct-1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid job body: one PIPE_LINE activity per pipeline id, filters off, manual. */
export function jobBody(pipelineIds: readonly number[], overrides: Partial<JobSaveRequest> = {}): JobSaveRequest {
  return {
    name: uniqueName('Job'),
    description: 'Loads files',
    noOfRetrial: 0,
    retrialInterval: 0,
    scheduleType: 'MANUAL',
    eventName: null,
    dashboardId: null,
    activities: pipelineIds.map((id, i) => ({
      sequence: i + 1,
      enabled: true,
      type: 'PIPE_LINE',
      activity: { typeId: id, pipelineSource: 'FILE' },
      bulkProcessorActivityDetails: null,
      disputeActivity: null,
    })),
    jobFilters: [],
    dataSources: null,
    conflictJobs: null,
    reconId: null,
    ...overrides,
  };
}

/** Creates a job through the API; answers its id. */
export async function createJob(t: TestApp, s: Session, moduleId: number, body: JobSaveRequest) {
  const res = await call(t, s, { method: 'POST', url: '/web/v2/jobs', payload: body, moduleId });
  if (res.statusCode !== 200) throw new Error(`job create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** Fake activity handlers: by default each completes; a behaviour registered for a target id replaces that. */
export function createFakeHandlers() {
  const behaviours = new Map<number, (run: ActivityRun) => Promise<ActivityResult>>();
  const calls: ActivityRun[] = [];
  const handler: ActivityHandler = async (_ctx, run) => {
    calls.push(run);
    const behaviour = run.typeId === null ? undefined : behaviours.get(run.typeId);
    return behaviour ? behaviour(run) : { status: 'COMPLETED', counts: { rowsLoaded: 1 } };
  };
  return { behaviours, calls, handler };
}

/** A promise the test opens: holds an activity "running" until then. */
export function createGate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export async function startTestWorker(t: TestApp, overrides: Partial<WorkerDeps> = {}): Promise<Worker> {
  return startWorker({
    db: t.database.db,
    config: testConfig(),
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 0.5,
    ...overrides,
  });
}

/** Polls a run until its status is one of `statuses` (or fails after `timeoutMs`); answers the status. */
export async function waitForStatus(t: TestApp, executionId: number, statuses: readonly string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < deadline) {
    const row = await t.database.db
      .selectFrom('job_execution')
      .select('status')
      .where('id', '=', executionId)
      .executeTakeFirst();
    status = row?.status ?? '';
    if (statuses.includes(status)) return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`execution ${executionId} stayed ${status}, expected ${statuses.join(' | ')}`);
}

/** Polls until pg-boss holds no unhandled message for the run and has handled at least one. */
export async function waitForMessagesHandled(t: TestApp, executionId: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const r = await sql<{ pending: number; done: number }>`
      SELECT count(*) FILTER (WHERE state IN ('created', 'retry', 'active'))::int AS pending,
             count(*) FILTER (WHERE state = 'completed')::int AS done
      FROM pgboss.job WHERE name = ${RUN_QUEUE} AND data->>'executionId' = ${String(executionId)}`.execute(
      t.database.db,
    );
    const counts = r.rows[0];
    if (counts && counts.pending === 0 && counts.done > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run messages of execution ${executionId} were not handled`);
}
