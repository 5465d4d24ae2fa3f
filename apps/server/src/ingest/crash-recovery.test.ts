import { openAsBlob, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess, signInDemo } from '@/testing/server-process.ts';

// Big enough that copying the rows takes about a second on this machine, so the kill lands mid-load.
const ROWS = 400_000;
const server = serverProcess();
afterAll(() => server.cleanUp());

function writeBankFile(path: string): void {
  const lines = ['Reference,Value Date,Narration,Dr/Cr,Amount,Balance,UTR'];
  for (let i = 1; i <= ROWS; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      `CRASH${String(i).padStart(8, '0')},${day}-10-2026,NEFT CR-${i} SETTLEMENT,CR,${(i % 100_000) / 100 + 1},${i}.00,UTR${i}`,
    );
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

async function poll<T>(
  what: string,
  read: () => Promise<T | undefined>,
  timeoutMs = 120_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

describe('a server killed while a file loads', () => {
  it('leaves the run FAILED with none of the file loaded, and a retry loads it exactly once', async () => {
    await server.start();
    const db = new pg.Client({ connectionString: server.pgUrl });
    // The kill ends this connection too; that is expected, not a failure.
    db.on('error', () => undefined);
    await db.connect();
    try {
      const ids = (
        await db.query<{ module_id: number; pipeline_id: number; job_id: number; table_name: string }>(
          `SELECT p.module_id::int, p.id::int AS pipeline_id, j.id::int AS job_id, t.table_name
             FROM pipeline p JOIN data_table t ON t.id = p.data_table_id JOIN job j ON j.module_id = p.module_id
            WHERE p.name = 'Bank Statement Upload' AND j.name = 'Daily Bank and Gateway Load'`,
        )
      ).rows[0];
      if (!ids) throw new Error('demo pipeline or job missing');
      const { authToken } = await signInDemo(server.base);
      const headers = { authorization: `Bearer ${authToken}`, 'x-module-id': String(ids.module_id) };

      const file = join(server.dataDir, 'bank-crash.csv');
      writeBankFile(file);
      const form = new FormData();
      form.append('files', await openAsBlob(file), 'bank-crash.csv');
      const upload = await fetch(`${server.base}/pipelines/${ids.pipeline_id}/files`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(upload.status).toBe(200);
      const fileId = ((await upload.json()) as { data: { fileId: number }[] }).data[0]?.fileId;

      const run = await fetch(`${server.base}/jobs?opertionType=MANUAL_JOB_EXEC`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ id: ids.job_id, jobExecutionParam: {}, fileIds: [fileId] }),
      });
      expect(run.status, await run.clone().text()).toBe(200);
      const executionId = ((await run.json()) as { id: number }).id;

      // Into the load: kill -9 while the rows are being copied into the data table (the COPY of 400k rows
      // lasts about a second; waiting a fixed time instead would race a load that got faster).
      await poll(
        'the COPY into the data table',
        async () => {
          const r = await db.query(`SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1`, [
            `COPY recon_data."${ids.table_name}" %`,
          ]);
          return r.rowCount ? true : undefined;
        },
        60_000,
        10,
      );
      await server.kill();
      await db.end().catch(() => undefined);

      await server.start();
      const after = new pg.Client({ connectionString: server.pgUrl });
      await after.connect();
      try {
        const status = await poll('recovery', async () => {
          const r = await after.query(`SELECT status FROM job_execution WHERE id = $1`, [executionId]);
          return r.rows[0]?.status === 'RUNNING' ? undefined : (r.rows[0]?.status as string);
        });
        expect(status).toBe('FAILED');
        const rowsOf = async () =>
          Number(
            (
              await after.query(`SELECT count(*) AS n FROM recon_data."${ids.table_name}" WHERE _file_id = $1`, [
                fileId,
              ])
            ).rows[0].n,
          );
        expect(await rowsOf()).toBe(0);

        const again = await signInDemo(server.base);
        const retry = await fetch(`${server.base}/jobexecutions/executeFailedJob/${executionId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${again.authToken}`, 'x-module-id': String(ids.module_id) },
        });
        expect(retry.status).toBe(200);
        const final = await poll('the retry to finish', async () => {
          const r = await after.query(`SELECT status FROM job_execution WHERE id = $1`, [executionId]);
          return ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'].includes(r.rows[0]?.status)
            ? (r.rows[0].status as string)
            : undefined;
        });
        expect(final).toBe('COMPLETED');
        expect(await rowsOf()).toBe(ROWS);
        const fileRow = await after.query(`SELECT status, valid_rows FROM uploaded_file WHERE id = $1`, [fileId]);
        expect(fileRow.rows[0]).toMatchObject({ status: 'FINISHED', valid_rows: ROWS });
      } finally {
        await after.end();
      }
    } finally {
      await server.stop();
    }
  }, 300_000);
});
