import type { FeatureContext } from '@/deps.ts';
import * as q from '@/features/oauth-integrations/oauth-integrations.queries.ts';
import { validAccessToken } from '@/features/oauth-integrations/oauth-integrations.service.ts';
import type { Mailbox } from '@/lib/mailbox.ts';

const HTTP_TIMEOUT_MS = 15_000;

/**
 * The module's mailbox for ticket mail (decision 0030): its first connected OAuth mail account (gmail or outlook,
 * oldest first), with calls made as the account — the token refreshed when near expiry, and once more after a 401
 * (decision 0026). Null when the module has none: the ticket's mail then goes through the outbox.
 */
export async function moduleMailbox(
  ctx: FeatureContext,
  moduleId: number,
): Promise<(Mailbox & { accountId: number }) | null> {
  const account = (await q.listAccounts(ctx.db, moduleId, 'MAIL'))
    .filter((a) => a.status === 'CONNECTED' && a.auth_type === 'OAUTH')
    .sort((a, b) => a.id - b.id)[0];
  if (!account || (account.provider !== 'gmail' && account.provider !== 'outlook')) return null;
  const call: Mailbox['call'] = async (url, init = {}) => {
    const send = (token: string) =>
      fetch(url, {
        method: init.method ?? 'GET',
        body: init.body,
        headers: { ...init.headers, authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
    const res = await send(await validAccessToken(ctx, moduleId, account.id));
    if (res.status !== 401) return res;
    return send(await validAccessToken(ctx, moduleId, account.id, { force: true }));
  };
  return {
    accountId: account.id,
    provider: account.provider,
    apiUrl: ctx.config.oauthProviders[account.provider].apiUrl,
    address: account.account,
    call,
  };
}
