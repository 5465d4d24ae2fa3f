/**
 * The OAuth and SAML callback pages run in a popup: they hand the result to the window that opened
 * them over this broadcast channel, then close. The opener listens on the same name.
 */
export const OAUTH_PROVIDERS = ['gmail', 'outlook', 'razorpay', 'saml'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OAUTH_CHANNEL_NAME = 'recon-oauth';

export type OAuthMessage =
  | { type: 'SUCCESS'; provider: OAuthProvider; code: string; userName: string | null }
  | { type: 'ERROR'; provider: OAuthProvider; error: string };

export function postOAuthMessage(message: OAuthMessage): void {
  const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
  channel.postMessage(message);
  channel.close();
}
