import {
  type GatewayProvider,
  gatewayEndpoints,
  type MailProvider,
  mailIntegrationEndpoints,
  type OAuthAccount,
} from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { openOAuthPopup, waitForOAuthMessage } from '@/lib/oauth-channel';

const mailKey = (moduleId: number) => ['oauth-accounts', 'mail', moduleId] as const;
const gatewayKey = (moduleId: number) => ['oauth-accounts', 'gateway', moduleId] as const;

/** GET /v2/integrations/email/oauth?Find=ByModule&moduleId=: the module's mail accounts. */
export function useMailAccounts(moduleId: number) {
  return useQuery({
    queryKey: mailKey(moduleId),
    queryFn: () => call(mailIntegrationEndpoints.byModule, { query: { moduleId } }),
  });
}
/** GET v2/gateway: the module's payment-gateway links. */
export function useGatewayLinks(moduleId: number) {
  return useQuery({ queryKey: gatewayKey(moduleId), queryFn: () => call(gatewayEndpoints.list) });
}

/** The popup closed (or the wait aborted) before the provider answered. */
export class OAuthCancelled extends Error {}
/** The provider (or the callback) answered ERROR. */
export class OAuthRefused extends Error {}

const POPUP_CHECK_MS = 500;
const CLOSED_GRACE_MS = 2000;

/**
 * The whole connect: a popup opened on the click, sent to the provider's address the server gives (with its state and
 * PKCE challenge); the /oauth/<provider> callback posts the code and state back over the broadcast channel; the server
 * exchanges them. A popup closed without an answer ends it as OAuthCancelled.
 */
async function connectInPopup(
  provider: MailProvider | GatewayProvider,
  moduleId: number,
  popupBlocked: string,
): Promise<OAuthAccount> {
  const popup = openOAuthPopup(`recon-oauth-${provider}`);
  if (!popup) throw new OAuthRefused(popupBlocked);
  const abort = new AbortController();
  const answer = waitForOAuthMessage(provider, abort.signal);
  // The callback posts its message and closes at once: the message may arrive just after the popup is seen closed.
  let grace: ReturnType<typeof setTimeout> | undefined;
  const closed = setInterval(() => {
    if (!popup.closed) return;
    clearInterval(closed);
    grace = setTimeout(() => abort.abort(), CLOSED_GRACE_MS);
  }, POPUP_CHECK_MS);
  try {
    const started =
      provider === 'razorpay'
        ? await call(gatewayEndpoints.start, { body: { provider } })
        : await call(mailIntegrationEndpoints.start, { body: { provider } });
    popup.location.href = started.authorizeUrl;
    const message = await answer;
    if (!message) throw new OAuthCancelled();
    if (message.type === 'ERROR') throw new OAuthRefused(message.error);
    const body = { code: message.code, state: message.state ?? '' };
    return provider === 'razorpay'
      ? await call(gatewayEndpoints.link, { body: { provider, ...body } })
      : await call(mailIntegrationEndpoints.exchange, { query: { moduleId }, body: { provider, ...body } });
  } catch (error) {
    popup.close();
    throw error;
  } finally {
    clearInterval(closed);
    clearTimeout(grace);
    abort.abort();
  }
}

/** Connect Gmail / Connect Outlook / Link Razorpay (also Reconnect). The lists are read again after. */
export function useConnect(moduleId: number, texts: { success: string; popupBlocked: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: MailProvider | GatewayProvider) => connectInPopup(provider, moduleId, texts.popupBlocked),
    meta: { successMessage: texts.success, isGlobalErrorSkipped: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['oauth-accounts'] }),
  });
}

/** POST /v2/gateway/link/apikey: the caller shows field errors itself. */
export function useLinkApiKey(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { keyId: string; keySecret: string }) =>
      call(gatewayEndpoints.linkApiKey, { body: { provider: 'razorpay', ...body } }),
    meta: { successMessage, isGlobalErrorSkipped: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['oauth-accounts'] }),
  });
}

/** PUT v2/integrations/email/modify {isActive:false} or POST v2/gateway/{id}/disconnect. */
export function useDisconnect(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: 'mail' | 'gateway'; id: number }) =>
      kind === 'mail'
        ? call(mailIntegrationEndpoints.modify, { body: { id, isActive: false } })
        : call(gatewayEndpoints.disconnect, { params: { id } }),
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['oauth-accounts'] }),
  });
}
