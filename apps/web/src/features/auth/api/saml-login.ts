import type { SignedInUser } from '@recon/contract';
import { type OAuthMessage, openOAuthPopup, waitForOAuthMessage } from '@/lib/oauth-channel';

/** The popup the identity provider signs the user in: opened on the click itself, so no popup blocker stops it. */
export function openSamlPopup(): Window | null {
  return openOAuthPopup('recon-saml');
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
  return waitForOAuthMessage('saml', signal);
}
