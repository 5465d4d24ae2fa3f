import { readFileSync } from 'node:fs';
import pino from 'pino';
import { expect } from 'vitest';
import { pathOfStored } from '@/lib/downloads/download-files.ts';
import { runDownload } from '@/lib/downloads/run-export.ts';
import type { TestApp } from '@/testing/test-app.ts';

/**
 * Works a download request as the export queue would, checks it became ready, and answers its CSV file's lines
 * (without the byte order mark), as a user opening the file reads them.
 */
export async function csvLinesOfDownload(t: TestApp, dataDir: string, requestId: number): Promise<string[]> {
  await runDownload({ db: t.database.db, dataDir, log: pino({ level: 'silent' }), now: () => t.clock.now }, requestId);
  const row = await t.database.db
    .selectFrom('download_request')
    .selectAll()
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  expect(row.status, row.error ?? '').toBe('READYFORDOWNLOAD');
  return readFileSync(pathOfStored(dataDir, row.path as string), 'utf8')
    .replace('\uFEFF', '')
    .trim()
    .split('\n');
}
