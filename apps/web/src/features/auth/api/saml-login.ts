import type { SignedInUser } from '@recon/contract';
import { OAUTH_CHANNEL_NAME, type OAuthMessage } from '@/lib/oauth-channel';

/** The popup the identity provider signs the user in: opened on the click itself, so no popup blocker stops it. */
export function openSamlPopup(): Window | null {
  return window.open('about:blank', 'recon-saml', 'popup,width=520,height=680');
}

/**
 * POST v2/sso-login: the identity provider's address for the registration. The schemas (and zod, axios) load with
 * the first attempt, as the password sign-in's do.
 */
export async function startSamlSignIn(registrationId: string): Promise<string> {
  const { authEndpoints, call } = await import('@/features/auth/api/login-schemas');
  const { redirectUrl } = await call(authEndpoints.ssoLogin, { body: { registrationId } }, { isPublic: true });
  return redirectUrl;
}

/** POST v2/saml_login: the /oauth/saml callback's one-time ticket and user name, for the signed-in user. */
export async function samlLogin(authToken: string, userName: string): Promise<SignedInUser> {
  const { authEndpoints, call } = await import('@/features/auth/api/login-schemas');
  return call(authEndpoints.samlLogin, {}, { isPublic: true, headers: { authToken, userName } });
}

/** The SAML callback's message to this window (over the broadcast channel), or null when `signal` aborts first. */
export function waitForSamlMessage(signal: AbortSignal): Promise<OAuthMessage | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
    const done = (message: OAuthMessage | null) => {
      channel.close();
      resolve(message);
    };
    channel.onmessage = (event: MessageEvent<OAuthMessage>) => {
      if (event.data?.provider === 'saml') done(event.data);
    };
    signal.addEventListener('abort', () => done(null), { once: true });
  });
}
