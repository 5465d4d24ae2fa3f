import MockAdapter from 'axios-mock-adapter';
import { afterEach, describe, expect, it } from 'vitest';
import { ldapLogin } from '@/features/auth/api/ldap-login';
import { login } from '@/features/auth/api/login';
import { http } from '@/lib/http';
import { userFixture } from '@/testing/fixtures';

const mock = new MockAdapter(http);

afterEach(() => mock.reset());

/** The contract's schemas load with the first sign-in attempt; they must still guard both ways. */
describe.each([
  ['password', login, '/v2/login'],
  ['LDAP', ldapLogin, '/v2/ldap_login'],
] as const)('%s sign-in call', (_name, call, path) => {
  it('answers the signed-in user the server sent', async () => {
    mock.onPost(path).reply(200, { ...userFixture({ authToken: 'fresh' }), unexpected: 'dropped' });

    const user = await call({ userName: ' asha.k ', password: 'S3cret!pass' });

    expect(user).toEqual(userFixture({ authToken: 'fresh', refreshTokenExpirationTime: expect.any(Number) }));
    expect(JSON.parse(String(mock.history.post?.[0]?.data))).toEqual({ userName: 'asha.k', password: 'S3cret!pass' });
  });

  it('rejects an answer that is neither a signed-in user nor a pending one-time-code step', async () => {
    mock.onPost(path).reply(200, { id: 7, userName: 'asha.k' });

    await expect(call({ userName: 'asha.k', password: 'S3cret!pass' })).rejects.toThrow();
  });

  it('sends nothing for a blank user name', async () => {
    await expect(call({ userName: '  ', password: 'S3cret!pass' })).rejects.toThrow('User Name is required');
    expect(mock.history.post).toHaveLength(0);
  });
});
