import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { emailParsingRuleMatches } from '@recon/contract';
import type { FeatureContext } from '@/deps.ts';
import { receiveFile, recordReceived, uploadTarget } from '@/features/files/files.service.ts';
import * as integrations from '@/features/integrations/integrations.queries.ts';
import * as q from '@/features/oauth-integrations/oauth-integrations.queries.ts';
import { providerGet } from '@/features/oauth-integrations/oauth-integrations.service.ts';

/**
 * Mail fetching for a job execution (decision 0026): each connected gmail account of the module is listed for
 * messages with attachments; an attachment an active email parsing rule matches (sender, subject, attachment name)
 * is downloaded into the rule's pipeline as an uploaded file, by the account's connecting user. Every matched
 * attachment is recorded against the execution (LOADED with its file, or FAILED with why); one already loaded from
 * the same message is not loaded again.
 */
type GmailPart = { filename?: string; body?: { attachmentId?: string }; parts?: GmailPart[] };
type GmailMessage = {
  id: string;
  internalDate?: string;
  payload?: GmailPart & { headers?: { name: string; value: string }[] };
};

const MAX_MESSAGES = 50;
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
function attachmentsOf(part: GmailPart | undefined): { filename: string; attachmentId: string }[] {
  if (!part) return [];
  const own =
    part.filename && part.body?.attachmentId ? [{ filename: part.filename, attachmentId: part.body.attachmentId }] : [];
  return [...own, ...(part.parts ?? []).flatMap(attachmentsOf)];
}

async function getJson<T>(ctx: FeatureContext, moduleId: number, accountId: number, url: string): Promise<T> {
  const res = await providerGet(ctx, moduleId, accountId, url);
  if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
  return (await res.json()) as T;
}

export async function fetchGmailForExecution(ctx: FeatureContext, moduleId: number, executionId: number) {
  const rules = (await integrations.listEmailParsingConfigs(ctx.db, moduleId)).filter((r) => r.is_active);
  const accounts = (await q.listAccounts(ctx.db, moduleId, 'MAIL', 'gmail')).filter(
    (a) => a.status === 'CONNECTED' && a.auth_type === 'OAUTH',
  );
  let loaded = 0;
  if (rules.length === 0) return { loaded };
  for (const account of accounts) {
    const api = ctx.config.oauthProviders.gmail.apiUrl.replace(/\/$/, '');
    const list = await getJson<{ messages?: { id: string }[] }>(
      ctx,
      moduleId,
      account.id,
      `${api}/users/me/messages?q=${encodeURIComponent('has:attachment')}&maxResults=${MAX_MESSAGES}`,
    );
    for (const { id } of list.messages ?? []) {
      const message = await getJson<GmailMessage>(ctx, moduleId, account.id, `${api}/users/me/messages/${id}`);
      const header = (name: string) =>
        message.payload?.headers?.find((h) => h.name.toLowerCase() === name)?.value ?? '';
      const from = addressOf(header('from'));
      const subject = header('subject');
      const receivedAt = message.internalDate ? new Date(Number(message.internalDate)) : null;
      for (const attachment of attachmentsOf(message.payload)) {
        const rule = rules.find((r) =>
          emailParsingRuleMatches(
            {
              sender: r.sender,
              subjectPattern: r.subject_pattern,
              attachmentPattern: r.attachment_pattern,
              isActive: r.is_active,
            },
            { from, subject, attachmentName: attachment.filename },
          ),
        );
        if (!rule) continue;
        if (await q.isMailAttachmentLoaded(ctx.db, account.id, id, attachment.filename)) continue;
        const record = {
          module_id: moduleId,
          job_execution_id: executionId,
          oauth_account_id: account.id,
          message_id: id,
          sender: from,
          subject,
          received_at: receivedAt,
          attachment_name: attachment.filename,
        };
        try {
          const data = await getJson<{ data: string }>(
            ctx,
            moduleId,
            account.id,
            `${api}/users/me/messages/${id}/attachments/${attachment.attachmentId}`,
          );
          const target = await uploadTarget(ctx, moduleId, rule.pipeline_id);
          const part = {
            filename: attachment.filename,
            file: Readable.from([Buffer.from(data.data, 'base64url')]),
          } as unknown as MultipartFile;
          const actor = {
            principal: { userId: account.connected_by ?? 0, userName: account.connected_by_name ?? 'mail-fetch' },
            ip: '',
            requestId: `mail-fetch-${executionId}`,
          } as Parameters<typeof receiveFile>[4];
          const received = await receiveFile(ctx, moduleId, target, part, actor);
          const [file] = await recordReceived(ctx, moduleId, target.id, [received], actor);
          await q.insertFetchRecord(ctx.db, {
            ...record,
            uploaded_file_id: file?.fileId ?? null,
            status: 'LOADED',
            detail: file?.errorMessage ?? null,
          });
          loaded += 1;
        } catch (err) {
          await q.insertFetchRecord(ctx.db, {
            ...record,
            uploaded_file_id: null,
            status: 'FAILED',
            detail: (err as Error).message.slice(0, 500),
          });
        }
      }
    }
  }
  return { loaded };
}
