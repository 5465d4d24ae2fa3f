import type { DownloadRequest } from '@recon/contract';
import type { Db, DownloadRequestTable } from '@recon/db';
import type { Insertable, Selectable } from 'kysely';

/** A download request as the Downloads area answers it; shared by every area that files export requests. */
export type RequestRecord = Selectable<DownloadRequestTable> & { requested_by_name: string };

export function toDownloadRequest(r: RequestRecord): DownloadRequest {
  return {
    id: r.id,
    fileName: r.file_name,
    reportType: r.report_type,
    format: r.format,
    scope: r.scope,
    status: r.status,
    requestedOn: r.requested_at.toISOString(),
    requestedBy: r.requested_by_name,
    finishedOn: r.finished_at?.toISOString() ?? null,
    rowCount: r.row_count,
    size: r.size_bytes,
    error: r.error,
  };
}

const withRequester = (db: Db) =>
  db
    .selectFrom('download_request as d')
    .innerJoin('app_user as u', 'u.id', 'd.requested_by')
    .selectAll('d')
    .select('u.user_name as requested_by_name');

export async function insertRequest(db: Db, row: Insertable<DownloadRequestTable>): Promise<RequestRecord> {
  const { id } = await db.insertInto('download_request').values(row).returning('id').executeTakeFirstOrThrow();
  return withRequester(db).where('d.id', '=', id).executeTakeFirstOrThrow();
}
