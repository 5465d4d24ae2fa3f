import type { Db } from '@recon/db';
import { sql } from 'kysely';

// What the EMAIL_FETCH activity reads and writes (decision 0027): claims of mail attachments, the records the
// fetchEmails/metaData call answers, the per-rule read cursors of each mailbox, and the run's files.

/** The module's mail accounts a fetch reads: every one not disconnected (an expired one fails the fetch). */
export function mailAccounts(db: Db, moduleId: number, accountId: number | null) {
  let q = db
    .selectFrom('oauth_account as a')
    .leftJoin('app_user as u', 'u.id', 'a.connected_by')
    .select(['a.id', 'a.provider', 'a.account', 'a.status', 'a.auth_type', 'a.last_error', 'a.connected_by'])
    .select('u.user_name as connected_by_name')
    .where('a.module_id', '=', moduleId)
    .where('a.kind', '=', 'MAIL')
    .where('a.status', '<>', 'DISCONNECTED');
  if (accountId !== null) q = q.where('a.id', '=', accountId);
  return q.orderBy('a.id').execute();
}
export type MailAccountRow = Awaited<ReturnType<typeof mailAccounts>>[number];

/** The module's active email parsing rules (one when `ruleId`), with their pipeline's name. */
export function activeRules(db: Db, moduleId: number, ruleId: number | null) {
  let q = db
    .selectFrom('email_parsing_config as e')
    .leftJoin('pipeline as p', (j) => j.onRef('p.id', '=', 'e.pipeline_id').onRef('p.module_id', '=', 'e.module_id'))
    .select([
      'e.id',
      'e.name',
      'e.sender',
      'e.subject_pattern',
      'e.attachment_pattern',
      'e.pipeline_id',
      'e.is_active',
      'p.name as pipeline_name',
    ])
    .where('e.module_id', '=', moduleId);
  q = ruleId !== null ? q.where('e.id', '=', ruleId) : q.where('e.is_active', '=', true);
  return q.orderBy('e.id').execute();
}
export type RuleRow = Awaited<ReturnType<typeof activeRules>>[number];

/** The first PIPE_LINE activity of the run after `sequence` that loads the pipeline: the fetched file joins it. */
export function loaderOf(db: Db, executionId: number, sequence: number, pipelineId: number) {
  return db
    .selectFrom('activity_execution')
    .select('id')
    .where('job_execution_id', '=', executionId)
    .where('type', '=', 'PIPE_LINE')
    .where('type_id', '=', pipelineId)
    .where('sequence', '>', sequence)
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
}
export function sequenceOf(db: Db, activityExecutionId: number) {
  return db
    .selectFrom('activity_execution')
    .select('sequence')
    .where('id', '=', activityExecutionId)
    .executeTakeFirstOrThrow();
}

export function cursors(db: Db, accountId: number) {
  return db
    .selectFrom('mail_fetch_cursor')
    .select(['rule_id', 'fetched_until'])
    .where('oauth_account_id', '=', accountId)
    .execute();
}
export async function moveCursors(db: Db, accountId: number, ruleIds: readonly number[], until: Date) {
  if (ruleIds.length === 0) return;
  await db
    .insertInto('mail_fetch_cursor')
    .values(ruleIds.map((rule_id) => ({ oauth_account_id: accountId, rule_id, fetched_until: until })))
    .onConflict((oc) => oc.columns(['oauth_account_id', 'rule_id']).doUpdateSet({ fetched_until: until }))
    .execute();
}

export type FetchRecordValues = {
  module_id: number;
  job_execution_id: number;
  oauth_account_id: number;
  rule_id: number | null;
  message_id: string;
  sender: string;
  subject: string;
  received_at: Date | null;
  attachment_name: string;
};

/**
 * Claims an attachment for this run: a new FETCHING record, or the FETCHING record an interrupted attempt left
 * (taken over, with the file it may have stored), or nothing when it was LOADED before.
 */
export async function claimAttachment(
  db: Db,
  v: FetchRecordValues,
): Promise<{ id: number; uploadedFileId: number | null } | null> {
  const inserted = await db
    .insertInto('mail_fetch_record')
    .values({ ...v, status: 'FETCHING' })
    .onConflict((oc) =>
      oc
        .columns(['oauth_account_id', 'message_id', 'attachment_name'])
        .where(sql<boolean>`status IN ('FETCHING','LOADED')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, uploadedFileId: null };
  const left = await db
    .updateTable('mail_fetch_record')
    .set({ job_execution_id: v.job_execution_id, rule_id: v.rule_id })
    .where('oauth_account_id', '=', v.oauth_account_id)
    .where('message_id', '=', v.message_id)
    .where('attachment_name', '=', v.attachment_name)
    .where('status', '=', 'FETCHING')
    .returning(['id', 'uploaded_file_id'])
    .executeTakeFirst();
  return left ? { id: left.id, uploadedFileId: left.uploaded_file_id } : null;
}

/** The stored file of a claim, kept at once so a crash before the file joins the run does not store it again. */
export async function noteClaimFile(db: Db, recordId: number, fileId: number) {
  await db.updateTable('mail_fetch_record').set({ uploaded_file_id: fileId }).where('id', '=', recordId).execute();
}

/** A file an interrupted attempt stored that no run has taken: it can join this run as it is. */
export function waitingFile(db: Db, fileId: number) {
  return db
    .selectFrom('uploaded_file')
    .select(['id', 'status', 'upload_status', 'error_message'])
    .where('id', '=', fileId)
    .where('upload_status', '=', 'UPLOADED')
    .where('status', '=', 'UPLOADED')
    .where('job_execution_id', 'is', null)
    .executeTakeFirst();
}

/** Puts the fetched file into the run, linked to the PIPE_LINE activity that loads it. */
export async function attachToRun(db: Db, fileId: number, executionId: number, activityExecutionId: number, now: Date) {
  await db
    .updateTable('uploaded_file')
    .set({ job_execution_id: executionId, activity_execution_id: activityExecutionId, updated_at: now })
    .where('id', '=', fileId)
    .where('job_execution_id', 'is', null)
    .execute();
}

export async function settleRecord(
  db: Db,
  recordId: number,
  v: { status: 'LOADED' | 'FAILED' | 'SKIPPED'; uploaded_file_id: number | null; detail: string | null },
) {
  await db.updateTable('mail_fetch_record').set(v).where('id', '=', recordId).execute();
}

/** A record of an attachment not taken (a rule skipped, a failure before a claim). */
export async function insertRecord(
  db: Db,
  v: FetchRecordValues & { status: 'SKIPPED' | 'FAILED'; detail: string; uploaded_file_id: number | null },
) {
  await db.insertInto('mail_fetch_record').values(v).execute();
}
