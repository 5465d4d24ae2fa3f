import { existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { FILE_TEXTS, fileNotRunnable } from '@recon/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcess, signInDemo } from '@/testing/server-process.ts';

const server = serverProcess();
afterAll(() => server.cleanUp());

async function poll<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Starts a multipart upload of one CSV file and sends its first megabytes, leaving the body unfinished. */
function beginUpload(url: string, headers: Record<string, string>) {
  const boundary = '----recon-crash-boundary';
  const req = request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut-off.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  req.write('Reference,Value Date,Narration,Dr/Cr,Amount,Balance,UTR\n');
  const line = 'CUT00000001,01-10-2026,NEFT CR SETTLEMENT,CR,10.00,10.00,UTR1\n';
  for (let i = 0; i < 8; i++) req.write(line.repeat(16_384));
  return req;
}

describe('a server killed while a file is being uploaded', () => {
  it('fails the upload at restart with the reason, deletes its partial bytes, and a run refuses the file', async () => {
    await server.start();
    const db = new pg.Client({ connectionString: server.pgUrl });
    db.on('error', () => undefined);
    await db.connect();
    const ids = (
      await db.query<{ module_id: number; pipeline_id: number; job_id: number }>(
        `SELECT p.module_id::int, p.id::int AS pipeline_id, j.id::int AS job_id
           FROM pipeline p JOIN job j ON j.module_id = p.module_id
          WHERE p.name = 'Bank Statement Upload' AND j.name = 'Daily Bank and Gateway Load'`,
      )
    ).rows[0];
    if (!ids) throw new Error('demo pipeline or job missing');
    const { authToken } = await signInDemo(server.base);
    const headers = { authorization: `Bearer ${authToken}`, 'x-module-id': String(ids.module_id) };

    const upload = beginUpload(`${server.base}/pipelines/${ids.pipeline_id}/files`, headers);
    // Mid-body: the row is UPLOAD_STARTED and part of the bytes are on disk.
    const started = await poll('the upload to start storing', async () => {
      const r = await db.query<{ id: number }>(
        `SELECT id::int FROM uploaded_file WHERE pipeline_id = $1 AND upload_status = 'UPLOAD_STARTED'`,
        [ids.pipeline_id],
      );
      const id = r.rows[0]?.id;
      if (id === undefined) return undefined;
      const partial = join(server.dataDir, 'uploads', String(ids.module_id), String(ids.pipeline_id), String(id));
      return existsSync(partial) && statSync(partial).size > 0 ? { id, partial } : undefined;
    });
    await server.kill();
    upload.destroy();
    await db.end().catch(() => undefined);
    expect(existsSync(started.partial)).toBe(true);

    await server.start();
    const after = new pg.Client({ connectionString: server.pgUrl });
    await after.connect();
    try {
      const row = (
        await after.query('SELECT status, upload_status, error_kind, error_message FROM uploaded_file WHERE id = $1', [
          started.id,
        ])
      ).rows[0];
      expect(row).toEqual({
        status: 'INVALID',
        upload_status: 'INVALID',
        error_kind: 'Invalid File Content',
        error_message: FILE_TEXTS.uploadInterrupted,
      });
      expect(existsSync(started.partial)).toBe(false);

      const again = await signInDemo(server.base);
      const run = await fetch(`${server.base}/jobs?opertionType=MANUAL_JOB_EXEC`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${again.authToken}`,
          'x-module-id': String(ids.module_id),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id: ids.job_id, jobExecutionParam: {}, fileIds: [started.id] }),
      });
      expect(run.status).toBe(400);
      expect(((await run.json()) as { message: string }).message).toBe(
        fileNotRunnable(started.id, FILE_TEXTS.uploadInterrupted),
      );
    } finally {
      await after.end();
      await server.stop();
    }
  }, 240_000);
});
