import { describe, expect, it } from 'vitest';
import { oauthMessageFromQuery } from '@/features/oauth/oauth-message';

const query = (value: string) => new URLSearchParams(value);

describe('OAuth callback message', () => {
  it('sends SUCCESS with the code and user name when the provider answers a code', () => {
    expect(oauthMessageFromQuery('gmail', query('code=abc&userName=ops@example.com'))).toEqual({
      type: 'SUCCESS',
      provider: 'gmail',
      code: 'abc',
      userName: 'ops@example.com',
    });
  });

  it('hands the state back with the code, for the opener to send to the server', () => {
    expect(oauthMessageFromQuery('razorpay', query('code=c1&state=s1'))).toEqual({
      type: 'SUCCESS',
      provider: 'razorpay',
      code: 'c1',
      userName: null,
      state: 's1',
    });
  });

  it('sends ERROR when the provider answers an error', () => {
    expect(oauthMessageFromQuery('outlook', query('error=access_denied'))).toEqual({
      type: 'ERROR',
      provider: 'outlook',
      error: 'access_denied',
    });
  });

  it('sends the SAML auth token as the code', () => {
    expect(oauthMessageFromQuery('saml', query('authToken=t1&status=SUCCESS&userName=asha.k'))).toEqual({
      type: 'SUCCESS',
      provider: 'saml',
      code: 't1',
      userName: 'asha.k',
    });
  });

  it('explains a SAML user without role and module', () => {
    expect(oauthMessageFromQuery('saml', query('status=ROLE_UNASSIGNED&userName=asha.k'))).toEqual({
      type: 'ERROR',
      provider: 'saml',
      error: 'Please request your application admin to assign Role and Module.',
    });
  });

  it('hands a SAML user without role and module their ticket, for the department request', () => {
    expect(oauthMessageFromQuery('saml', query('authToken=t2&status=ROLE_UNASSIGNED&userName=asha.k'))).toEqual({
      type: 'ERROR',
      provider: 'saml',
      error: 'Please request your application admin to assign Role and Module.',
      code: 't2',
      userName: 'asha.k',
    });
  });
});
