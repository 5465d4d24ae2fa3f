import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@recon/db/testing';
import { testConfig } from '@/config.ts';
import { runPipelineActivity } from '@/jobs/activities/pipeline.ts';
import { ActivityFailedWithCounts, type ActivityResult, type WorkerContext } from '@/jobs/activity.ts';
import type { ColumnSpec } from '@/lib/data-tables/ddl.ts';
import { createModuleRow } from '@/seed/seed.ts';
import {
  addDataSource,
  addDataTable,
  addExecution,
  addFileConfig,
  addPipeline,
  addStoredFile,
  type ConfigFixture,
  type LimitFixture,
  type MappingFixture,
  pipelineRun,
  type TableFixture,
  workerContext,
} from './test-fixtures.ts';

export type IngestEnv = {
  database: TestDatabase;
  dataDir: string;
  ctx: WorkerContext;
  moduleId: number;
  close: () => Promise<void>;
};

export async function createIngestEnv(): Promise<IngestEnv> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'recon-ingest-'));
  const ctx = workerContext(database.db, testConfig({ dataDir }));
  const moduleId = await createModuleRow(database.db, 'Ingest tests');
  return {
    database,
    dataDir,
    ctx,
    moduleId,
    close: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export type PipelineFixture = { pipelineId: number; table: TableFixture };

/** A data table, a FILE pipeline with its config, and (when limits are given) a data source. */
export async function addFilePipeline(
  env: IngestEnv,
  p: ConfigFixture & {
    columns: readonly ColumnSpec[];
    mappings: readonly MappingFixture[];
    duplicateKeys?: readonly string[];
    limits?: { invalid?: LimitFixture; duplicate?: LimitFixture };
  },
): Promise<PipelineFixture> {
  counter += 1;
  const db = env.database.db;
  const table = await addDataTable(db, env.moduleId, `t${counter}`, p.columns, p.duplicateKeys);
  const pipelineId = await addPipeline(db, env.moduleId, `pipeline ${counter}`, table.id);
  await addFileConfig(
    db,
    pipelineId,
    p.mappings.map((m) => ({
      ...m,
      dataType:
        m.dataType ??
        p.columns.find((c) => c.name === (m.tableColumn === undefined ? m.fileColumn : m.tableColumn))?.dataType,
    })),
    p,
  );
  if (p.limits) await addDataSource(db, env.moduleId, pipelineId, table.id, p.limits);
  return { pipelineId, table };
}

export type RunOutcome = {
  result: ActivityResult | null;
  error: string | null;
  /** The counts a failed activity still reports (files that loaded). */
  failureCounts: Record<string, number> | null;
  fileIds: number[];
  jobExecutionId: number;
};

/** Stores the files, attaches them to a new execution and runs the PIPE_LINE activity on them. */
export async function runFiles(
  env: IngestEnv,
  pipelineId: number,
  files: readonly { name: string; content: string | Buffer }[],
): Promise<RunOutcome> {
  const ids = await addExecution(env.database.db, env.moduleId, pipelineId, `job ${++counter}`);
  const fileIds: number[] = [];
  for (const f of files) {
    fileIds.push(
      await addStoredFile(env.database.db, env.dataDir, {
        moduleId: env.moduleId,
        pipelineId,
        name: f.name,
        content: f.content,
        jobExecutionId: ids.jobExecutionId,
      }),
    );
  }
  try {
    const result = await runPipelineActivity(env.ctx, pipelineRun(env.moduleId, pipelineId, ids));
    return { result, error: null, failureCounts: null, fileIds, jobExecutionId: ids.jobExecutionId };
  } catch (err) {
    return {
      result: null,
      error: (err as Error).message,
      failureCounts: err instanceof ActivityFailedWithCounts ? err.counts : null,
      fileIds,
      jobExecutionId: ids.jobExecutionId,
    };
  }
}

export function fileRow(env: IngestEnv, id: number) {
  return env.database.db.selectFrom('uploaded_file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function rowsOf<T = Record<string, unknown>>(env: IngestEnv, table: string, orderBy = '_row_no') {
  const r = await env.database.pool.query(`SELECT * FROM ${table} ORDER BY ${orderBy}`);
  return r.rows as T[];
}
