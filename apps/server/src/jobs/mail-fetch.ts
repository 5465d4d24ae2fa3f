import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { emailParsingRuleMatches, EMAIL_FETCH_TEXTS as T } from '@recon/contract';
import { withTransaction } from '@recon/db';
import {
  type ReceivedFile,
  receiveFile,
  recordReceived,
  type StoreContext,
  uploadTarget,
} from '@/features/files/files.service.ts';
import {
  IntegrationUnavailable,
  type ProviderContext,
  providerGet,
} from '@/features/oauth-integrations/oauth-integrations.service.ts';
import * as q from '@/jobs/activities/email-fetch.queries.ts';
import type { Actor } from '@/lib/actor.ts';

/**
 * Mail fetching for a job execution (decisions 0026 and 0027): every mail account of the module (gmail through the
 * Gmail API, outlook through Microsoft Graph) is read for the messages received since each rule last read it; an
 * attachment an active email parsing rule matches (sender, subject, attachment name) is stored into the rule's
 * pipeline exactly as an upload (same storage, SHA-256, size, precheck and header scan, `FILE_UPLOADED` audit, by
 * the account's connecting user) and joins the run's PIPE_LINE activity that loads that pipeline. Every attachment
 * looked at is recorded against the execution; one LOADED before is never stored again.
 */
export type FetchContext = ProviderContext & StoreContext;

/** One attachment of a message, its bytes read only when a rule takes it. */
type MailAttachment = { name: string; read: () => Promise<Buffer> };
type Mail = { id: string; from: string; subject: string; receivedAt: Date | null; attachments: MailAttachment[] };
type MailAccount = q.MailAccountRow;

/** The provider answered with an error (a 5xx, a refusal): the fetch fails, its cursor stays. */
export class MailProviderError extends Error {}

const MAX_MESSAGES = 200;
const PAGE_SIZE = 50;
/** Mail that arrived late in the index is still read: the claims make re-reading it harmless. */
const OVERLAP_MS = 60 * 60_000;
/** A mailbox a rule never read is read this far back. */
const FIRST_LOOKBACK_MS = 7 * 24 * 60 * 60_000;

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

async function getJson<T>(ctx: FetchContext, moduleId: number, account: MailAccount, url: string): Promise<T> {
  const res = await providerGet(ctx, moduleId, account.id, url);
  if (!res.ok) throw new MailProviderError(T.providerAnswered(res.status));
  return (await res.json()) as T;
}

// ---- gmail (Gmail API) ----
type GmailPart = { filename?: string; body?: { attachmentId?: string; data?: string }; parts?: GmailPart[] };
type GmailMessage = {
  id: string;
  internalDate?: string;
  payload?: GmailPart & { headers?: { name: string; value: string }[] };
};
function gmailParts(part: GmailPart | undefined): GmailPart[] {
  if (!part) return [];
  return [...(part.filename ? [part] : []), ...(part.parts ?? []).flatMap(gmailParts)];
}

async function readGmail(ctx: FetchContext, moduleId: number, account: MailAccount, since: Date): Promise<Mail[]> {
  const api = ctx.config.oauthProviders.gmail.apiUrl.replace(/\/$/, '');
  const query = `has:attachment after:${Math.floor(since.getTime() / 1000)}`;
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await getJson<{ messages?: { id: string }[]; nextPageToken?: string }>(
      ctx,
      moduleId,
      account,
      `${api}/users/me/messages?q=${encodeURIComponent(query)}&maxResults=${PAGE_SIZE}${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
    );
    ids.push(...(page.messages ?? []).map((m) => m.id));
    pageToken = page.nextPageToken;
  } while (pageToken && ids.length < MAX_MESSAGES);
  const mails: Mail[] = [];
  for (const id of ids.slice(0, MAX_MESSAGES)) {
    const m = await getJson<GmailMessage>(ctx, moduleId, account, `${api}/users/me/messages/${encodeURIComponent(id)}`);
    const header = (name: string) => m.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? '';
    mails.push({
      id,
      from: addressOf(header('from')),
      subject: header('subject'),
      receivedAt: m.internalDate ? new Date(Number(m.internalDate)) : null,
      attachments: gmailParts(m.payload).map((part) => ({
        name: part.filename ?? '',
        read: async () => {
          if (part.body?.data) return Buffer.from(part.body.data, 'base64url');
          const a = await getJson<{ data: string }>(
            ctx,
            moduleId,
            account,
            `${api}/users/me/messages/${encodeURIComponent(id)}/attachments/${encodeURIComponent(part.body?.attachmentId ?? '')}`,
          );
          return Buffer.from(a.data, 'base64url');
        },
      })),
    });
  }
  return mails;
}

// ---- outlook (Microsoft Graph) ----
type GraphMessage = {
  id: string;
  subject?: string;
  receivedDateTime?: string;
  from?: { emailAddress?: { address?: string } };
};
type GraphAttachment = { '@odata.type'?: string; name?: string; contentBytes?: string };

async function readOutlook(ctx: FetchContext, moduleId: number, account: MailAccount, since: Date): Promise<Mail[]> {
  const api = ctx.config.oauthProviders.outlook.apiUrl.replace(/\/$/, '');
  const params = Object.entries({
    $filter: `receivedDateTime ge ${since.toISOString()} and hasAttachments eq true`,
    $orderby: 'receivedDateTime asc',
    $select: 'id,subject,from,receivedDateTime,hasAttachments',
    $top: String(PAGE_SIZE),
  })
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  const messages: GraphMessage[] = [];
  let next: string | undefined = `${api}/me/mailFolders/inbox/messages?${params}`;
  while (next && messages.length < MAX_MESSAGES) {
    const page: { value?: GraphMessage[]; '@odata.nextLink'?: string } = await getJson(ctx, moduleId, account, next);
    messages.push(...(page.value ?? []));
    next = page['@odata.nextLink'];
  }
  const mails: Mail[] = [];
  for (const m of messages.slice(0, MAX_MESSAGES)) {
    const list = await getJson<{ value?: GraphAttachment[] }>(
      ctx,
      moduleId,
      account,
      `${api}/me/messages/${encodeURIComponent(m.id)}/attachments`,
    );
    mails.push({
      id: m.id,
      from: m.from?.emailAddress?.address?.trim() ?? '',
      subject: m.subject ?? '',
      receivedAt: m.receivedDateTime ? new Date(m.receivedDateTime) : null,
      attachments: (list.value ?? [])
        .filter((a) => (a['@odata.type'] ?? '#microsoft.graph.fileAttachment') === '#microsoft.graph.fileAttachment')
        .map((a) => ({ name: a.name ?? '', read: async () => Buffer.from(a.contentBytes ?? '', 'base64') })),
    });
  }
  return mails;
}

const READERS = { gmail: readGmail, outlook: readOutlook } as const;

// ---- the fetch ----
export type FetchRun = {
  moduleId: number;
  executionId: number;
  activityExecutionId: number;
  /** One rule (the activity's target), or every active rule of the module. */
  ruleId: number | null;
  /** One mail account (the activity's integration), or every one of the module. */
  accountId: number | null;
};
export type FetchCounts = {
  mails: number;
  attachments: number;
  filesStored: number;
  alreadyFetched: number;
  skipped: number;
  failed: number;
};
export type FetchOutcome = {
  counts: FetchCounts;
  /** Why a mailbox could not be read to the end (a refused token, a provider error), one line each. */
  failures: string[];
  /** Every failure is one another attempt cannot fix (the account must be reconnected). */
  isPermanent: boolean;
};

type UsableRule = q.RuleRow & {
  target: { id: number; name: string; fileKind: 'csv' | 'xlsx' };
  loaderId: number | null;
};
type SkippedRule = q.RuleRow & { reason: string };

export async function fetchMailForExecution(ctx: FetchContext, run: FetchRun): Promise<FetchOutcome> {
  const counts: FetchCounts = { mails: 0, attachments: 0, filesStored: 0, alreadyFetched: 0, skipped: 0, failed: 0 };
  const rules = await q.activeRules(ctx.db, run.moduleId, run.ruleId);
  if (run.ruleId !== null && !rules[0]?.is_active) throw new FetchSetupError(T.ruleNotActive(run.ruleId));
  if (rules.length === 0) return { counts, failures: [], isPermanent: false };
  const accounts = await q.mailAccounts(ctx.db, run.moduleId, run.accountId);
  if (accounts.length === 0) throw new FetchSetupError(T.noMailAccount);

  const { sequence } = await q.sequenceOf(ctx.db, run.activityExecutionId);
  const usable: UsableRule[] = [];
  const skippedRules: SkippedRule[] = [];
  for (const rule of rules) {
    try {
      if (rule.pipeline_name === null) throw new Error(T.pipelineGone);
      const target = await uploadTarget(ctx, run.moduleId, rule.pipeline_id);
      const loader = await q.loaderOf(ctx.db, run.executionId, sequence, target.id);
      usable.push({ ...rule, target: target as UsableRule['target'], loaderId: loader?.id ?? null });
    } catch (err) {
      skippedRules.push({ ...rule, reason: T.ruleSkipped(rule.name, (err as Error).message) });
    }
  }

  const failures: string[] = [];
  let permanent = 0;
  for (const account of accounts) {
    try {
      if (account.status !== 'CONNECTED' || account.auth_type !== 'OAUTH') {
        throw new IntegrationUnavailable(account.last_error ?? `integration is ${account.status}`);
      }
      const startedAt = ctx.now();
      const since = await sinceOf(ctx, account.id, rules, startedAt);
      const mails = await READERS[account.provider as keyof typeof READERS](ctx, run.moduleId, account, since);
      for (const mail of mails) {
        counts.mails += 1;
        for (const attachment of mail.attachments) {
          await takeAttachment(ctx, run, account, mail, attachment, { usable, skippedRules }, counts);
        }
      }
      await q.moveCursors(
        ctx.db,
        account.id,
        rules.map((r) => r.id),
        startedAt,
      );
    } catch (err) {
      if (err instanceof IntegrationUnavailable) permanent += 1;
      failures.push(T.accountFailed(account.provider, account.account, (err as Error).message));
    }
  }
  return { counts, failures, isPermanent: failures.length > 0 && permanent === failures.length };
}

/** The setup of the activity is wrong (no mailbox, the rule off): no retry helps. */
export class FetchSetupError extends Error {}

async function sinceOf(ctx: FetchContext, accountId: number, rules: readonly q.RuleRow[], now: Date) {
  const read = new Map((await q.cursors(ctx.db, accountId)).map((c) => [c.rule_id, c.fetched_until.getTime()]));
  const from = Math.min(...rules.map((r) => read.get(r.id) ?? now.getTime() - FIRST_LOOKBACK_MS));
  return new Date(from - OVERLAP_MS);
}

const ruleMatches = (r: q.RuleRow, mail: Mail, attachmentName: string) =>
  emailParsingRuleMatches(
    { sender: r.sender, subjectPattern: r.subject_pattern, attachmentPattern: r.attachment_pattern, isActive: true },
    { from: mail.from, subject: mail.subject, attachmentName },
  );

async function takeAttachment(
  ctx: FetchContext,
  run: FetchRun,
  account: MailAccount,
  mail: Mail,
  attachment: MailAttachment,
  rules: { usable: readonly UsableRule[]; skippedRules: readonly SkippedRule[] },
  counts: FetchCounts,
) {
  const rule = rules.usable.find((r) => ruleMatches(r, mail, attachment.name));
  const skippedBy = rule ? undefined : rules.skippedRules.find((r) => ruleMatches(r, mail, attachment.name));
  if (!rule && !skippedBy) return;
  counts.attachments += 1;
  const values: q.FetchRecordValues = {
    module_id: run.moduleId,
    job_execution_id: run.executionId,
    oauth_account_id: account.id,
    rule_id: (rule ?? skippedBy)?.id ?? null,
    message_id: mail.id,
    sender: mail.from,
    subject: mail.subject,
    received_at: mail.receivedAt,
    attachment_name: attachment.name,
  };
  if (!rule && skippedBy) {
    counts.skipped += 1;
    await q.insertRecord(ctx.db, { ...values, status: 'SKIPPED', detail: skippedBy.reason, uploaded_file_id: null });
    return;
  }
  if (!rule) return;
  const claim = await q.claimAttachment(ctx.db, values);
  if (!claim) {
    counts.alreadyFetched += 1;
    return;
  }
  let fileId = claim.uploadedFileId !== null ? ((await q.waitingFile(ctx.db, claim.uploadedFileId))?.id ?? null) : null;
  if (fileId === null) {
    // A provider failure here fails the mailbox (the claim stays FETCHING for the next attempt to take over).
    const bytes = await attachment.read();
    try {
      const received = await storeAsUpload(ctx, run, account, rule, attachment.name, bytes, claim.id);
      if (received.verdict.status === 'INVALID') {
        counts.failed += 1;
        await q.settleRecord(ctx.db, claim.id, {
          status: 'FAILED',
          uploaded_file_id: received.id,
          detail: received.verdict.message,
        });
        return;
      }
      fileId = received.id;
    } catch (err) {
      counts.failed += 1;
      await q.settleRecord(ctx.db, claim.id, {
        status: 'FAILED',
        uploaded_file_id: null,
        detail: (err as Error).message.slice(0, 500),
      });
      return;
    }
  }
  const stored = fileId;
  await withTransaction(ctx.db, {}, async ({ db: tx }) => {
    if (rule.loaderId !== null) await q.attachToRun(tx, stored, run.executionId, rule.loaderId, ctx.now());
    await q.settleRecord(tx, claim.id, {
      status: 'LOADED',
      uploaded_file_id: stored,
      detail: rule.loaderId === null ? T.noLoader(rule.target.name) : null,
    });
  });
  counts.filesStored += 1;
}

/** Stores the bytes through the upload path, as the user who connected the mailbox. */
async function storeAsUpload(
  ctx: FetchContext,
  run: FetchRun,
  account: MailAccount,
  rule: UsableRule,
  name: string,
  bytes: Buffer,
  claimId: number,
): Promise<ReceivedFile> {
  const part = { filename: name, file: Readable.from([bytes]) } as unknown as MultipartFile;
  const actor = {
    principal: { userId: account.connected_by ?? 0, userName: account.connected_by_name ?? account.account },
    ip: '',
    requestId: `email-fetch-${run.executionId}`,
  } as Actor;
  const received = await receiveFile(ctx, run.moduleId, rule.target, part, actor);
  await q.noteClaimFile(ctx.db, claimId, received.id);
  await recordReceived(ctx, run.moduleId, rule.target.id, [received], actor);
  return received;
}
