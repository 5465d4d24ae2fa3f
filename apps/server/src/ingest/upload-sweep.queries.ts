import type { Db } from '@recon/db';

/** UPLOAD_STARTED rows begun before `startedBefore` and not being received: INVALID with the reason. */
export function failInterruptedUploads(
  db: Db,
  f: { startedBefore: Date; receiving: readonly number[]; reason: string; now: Date },
) {
  let update = db
    .updateTable('uploaded_file')
    .set({
      status: 'INVALID',
      upload_status: 'INVALID',
      error_kind: 'Invalid File Content',
      error_message: f.reason,
      updated_at: f.now,
    })
    .where('upload_status', '=', 'UPLOAD_STARTED')
    .where('created_at', '<', f.startedBefore);
  if (f.receiving.length > 0) update = update.where('id', 'not in', f.receiving);
  return update.returning(['id', 'module_id', 'pipeline_id']).execute();
}

/** Files UPLOADED before `uploadedBefore` that no run took: DELETED with the reason. */
export function expireAbandonedUploads(db: Db, f: { uploadedBefore: Date; reason: string; now: Date }) {
  return db
    .updateTable('uploaded_file')
    .set({ status: 'DELETED', error_message: f.reason, updated_at: f.now })
    .where('status', '=', 'UPLOADED')
    .where('upload_status', '=', 'UPLOADED')
    .where('job_execution_id', 'is', null)
    .where('created_at', '<', f.uploadedBefore)
    .returning(['id', 'module_id', 'pipeline_id', 'original_name'])
    .execute();
}
