import type { Db } from '@recon/db';
import { downloadFileName } from '@/lib/downloads/download-files.ts';
import { insertRequest, type RequestRecord } from '@/lib/downloads/download-requests.ts';

/** Files a REPORT download request for an execution's results (the caller queues it in the same transaction). */
export async function fileReportDownload(
  db: Db,
  r: { moduleId: number; userId: number; executionId: number; reportName: string; format: 'CSV' | 'XLSX'; now: Date },
): Promise<RequestRecord> {
  const row = await insertRequest(db, {
    module_id: r.moduleId,
    requested_by: r.userId,
    report_type: 'REPORT',
    file_name: downloadFileName([r.reportName, `run ${r.executionId}`], r.now, r.format),
    format: r.format,
    scope: 'ALL_COLUMNS',
    columns: JSON.stringify([]),
    query: JSON.stringify({ executionId: r.executionId }),
    requested_at: r.now,
    updated_at: r.now,
  });
  return row;
}
