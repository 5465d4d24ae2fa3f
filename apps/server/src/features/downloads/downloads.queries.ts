import type { DownloadReportType } from '@recon/contract';
import type { Db } from '@recon/db';
import { sql } from 'kysely';

import type { RequestRecord } from '@/lib/downloads/download-requests.ts';

const withRequester = (db: Db) =>
  db
    .selectFrom('download_request as d')
    .innerJoin('app_user as u', 'u.id', 'd.requested_by')
    .selectAll('d')
    .select('u.user_name as requested_by_name');

/** One person's request in one module (nobody sees another's). */
export function ownRequest(db: Db, owner: { moduleId: number; userId: number }, id: number) {
  return withRequester(db)
    .where('d.id', '=', id)
    .where('d.module_id', '=', owner.moduleId)
    .where('d.requested_by', '=', owner.userId)
    .executeTakeFirst();
}

/** A person's requests in a module of some report types, newest first: one page and the count. */
export async function listOwnRequests(
  db: Db,
  owner: { moduleId: number; userId: number },
  types: readonly DownloadReportType[],
  page: { start: number; length: number },
): Promise<{ rows: RequestRecord[]; total: number }> {
  if (types.length === 0) return { rows: [], total: 0 };
  const base = withRequester(db)
    .where('d.module_id', '=', owner.moduleId)
    .where('d.requested_by', '=', owner.userId)
    .where('d.report_type', 'in', types);
  const [rows, count] = await Promise.all([
    base.orderBy('d.id', 'desc').offset(page.start).limit(page.length).execute(),
    db
      .selectFrom('download_request')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('module_id', '=', owner.moduleId)
      .where('requested_by', '=', owner.userId)
      .where('report_type', 'in', types)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export function setToken(db: Db, id: number, tokenHash: string, expiresAt: Date, now: Date) {
  return db
    .updateTable('download_request')
    .set({ token_hash: tokenHash, token_expires_at: expiresAt, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The request of a live token, locked so a token is spent once even when two requests race. */
export function requestOfToken(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('download_request')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('token_expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

/** Spends the token and records the download. */
export function markDownloaded(db: Db, id: number, now: Date) {
  return db
    .updateTable('download_request')
    .set({ status: 'DOWNLOADED', token_hash: null, token_expires_at: null, downloaded_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}
