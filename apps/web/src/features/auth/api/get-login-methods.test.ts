import { LOGIN_METHOD_TYPES, loginMethodsResponseSchema } from '@recon/contract';
import { describe, expect, it } from 'vitest';
import {
  getLoginMethods,
  LoginMethodsUnavailable,
  loginMethodsQuery,
  parseLoginMethodsResponse,
} from '@/features/auth/api/get-login-methods';
import { answerLoginMethods } from '@/testing/login-methods';

const method = { type: 'PASSWORD', label: 'Password', isEnabled: true };

/** Answers the hand-written check must treat exactly as the contract's schema does. */
const ANSWERS: Record<string, unknown> = {
  'no methods': { data: [] },
  'every type': {
    data: LOGIN_METHOD_TYPES.map((type, i) => ({ type, label: type, isEnabled: i % 2 === 0 })),
  },
  'extra fields': { data: [{ ...method, order: 1 }], total: 1 },
  'no body': undefined,
  null: null,
  'a list': [method],
  'no data': {},
  'data not a list': { data: method },
  'unknown type': { data: [{ ...method, type: 'OTP' }] },
  'inherited name as type': { data: [{ ...method, type: 'toString' }] },
  'missing label': { data: [{ type: 'LDAP', isEnabled: true }] },
  'label not text': { data: [{ ...method, label: 3 }] },
  'isEnabled as text': { data: [{ ...method, isEnabled: 'true' }] },
  'null method': { data: [null] },
  'one bad among good': { data: [method, { ...method, type: 'password' }] },
  'a SAML registration': {
    data: [method, { type: 'SAML', label: 'Corporate', isEnabled: true, registrationId: 'corp' }],
  },
  'registrationId not text': { data: [{ type: 'SAML', label: 'Corporate', isEnabled: true, registrationId: 3 }] },
};

describe('login-methods answer check', () => {
  for (const [name, answer] of Object.entries(ANSWERS)) {
    it(`agrees with the contract's schema: ${name}`, () => {
      const expected = loginMethodsResponseSchema.safeParse(answer);
      if (expected.success) {
        expect(parseLoginMethodsResponse(answer)).toEqual(expected.data);
      } else {
        expect(() => parseLoginMethodsResponse(answer)).toThrow();
      }
    });
  }
});

describe('GET v2/login-methods with fetch', () => {
  it('answers the enabled methods', async () => {
    const spy = answerLoginMethods([method, { type: 'LDAP', label: 'Directory', isEnabled: false }]);
    try {
      expect(await getLoginMethods()).toEqual([method]);
    } finally {
      spy.mockRestore();
    }
  });

  it('fails with the status, and only no answer is asked again, 3 times 200 ms apart', async () => {
    const spy = answerLoginMethods([], 503);
    try {
      const failure = await getLoginMethods().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LoginMethodsUnavailable);
      expect((failure as LoginMethodsUnavailable).status).toBe(503);
    } finally {
      spy.mockRestore();
    }
    const retry = loginMethodsQuery.retry as (failures: number, error: Error) => boolean;
    expect(retry(0, new LoginMethodsUnavailable(0))).toBe(true);
    expect(retry(2, new LoginMethodsUnavailable(0))).toBe(true);
    expect(retry(3, new LoginMethodsUnavailable(0))).toBe(false);
    expect(retry(0, new LoginMethodsUnavailable(503))).toBe(false);
    expect(retry(0, new LoginMethodsUnavailable(500))).toBe(false);
    expect(retry(0, new LoginMethodsUnavailable(404))).toBe(false);
    expect(loginMethodsQuery.retryDelay).toBe(200);
  });
});
