import { UNASSIGNED_TEXTS } from '@recon/contract/texts';
import type { OAuthMessage, OAuthProvider } from '@/lib/oauth-channel';

/** SAML answers this status for a user who exists but has no role and module yet. */
const SAML_ROLE_UNASSIGNED = 'ROLE_UNASSIGNED';
const UNKNOWN_FAILURE = 'Authorization failed';

/**
 * What a callback tells its opener: OAuth providers send `code` or `error`; the SAML callback sends
 * `authToken`, `status` and `userName`.
 */
export function oauthMessageFromQuery(provider: OAuthProvider, query: URLSearchParams): OAuthMessage {
  const userName = query.get('userName');
  if (provider === 'saml') {
    const authToken = query.get('authToken');
    if (query.get('status') === SAML_ROLE_UNASSIGNED) {
      const error = UNASSIGNED_TEXTS.samlRoleUnassigned;
      // With a ticket the opener signs the user in to the unassigned page, where they can send a department.
      return authToken
        ? { type: 'ERROR', provider, error, code: authToken, userName }
        : { type: 'ERROR', provider, error };
    }
    if (authToken) return { type: 'SUCCESS', provider, code: authToken, userName };
    return { type: 'ERROR', provider, error: query.get('error') ?? query.get('status') ?? UNKNOWN_FAILURE };
  }
  const error = query.get('error');
  if (error) return { type: 'ERROR', provider, error: query.get('error_description') ?? error };
  const code = query.get('code');
  const state = query.get('state');
  if (code) return { type: 'SUCCESS', provider, code, userName, ...(state ? { state } : {}) };
  return { type: 'ERROR', provider, error: UNKNOWN_FAILURE };
}
