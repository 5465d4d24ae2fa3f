/**
 * The OAuth and SAML callback pages run in a popup: they hand the result to the window that opened
 * them over this broadcast channel, then close. The opener listens on the same name.
 */
export const OAUTH_PROVIDERS = ['gmail', 'outlook', 'razorpay', 'saml'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OAUTH_CHANNEL_NAME = 'recon-oauth';

export type OAuthMessage =
  | {
      type: 'SUCCESS';
      provider: OAuthProvider;
      code: string;
      userName: string | null;
      /** The provider's `state`, for the opener to send back with the code (mail and gateway OAuth). */
      state?: string;
    }
  | {
      type: 'ERROR';
      provider: OAuthProvider;
      error: string;
      /** SAML's ROLE_UNASSIGNED with a ticket: the opener still signs in, onto the unassigned page's department flow. */
      code?: string;
      userName?: string | null;
    };

export function postOAuthMessage(message: OAuthMessage): void {
  const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
  channel.postMessage(message);
  channel.close();
}

/** The popup a provider signs the user in: opened on the click itself, so no popup blocker stops it. */
export function openOAuthPopup(name: string): Window | null {
  return window.open('about:blank', name, 'popup,width=520,height=680');
}

/** The callback's message for `provider` (over the broadcast channel), or null when `signal` aborts first. */
export function waitForOAuthMessage(provider: OAuthProvider, signal: AbortSignal): Promise<OAuthMessage | null> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(OAUTH_CHANNEL_NAME);
    const done = (message: OAuthMessage | null) => {
      channel.close();
      resolve(message);
    };
    channel.onmessage = (event: MessageEvent<OAuthMessage>) => {
      if (event.data?.provider === provider) done(event.data);
    };
    signal.addEventListener('abort', () => done(null), { once: true });
  });
}
