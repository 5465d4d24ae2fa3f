import { conditionMessage, TRANSFORM_PROBLEMS as P } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';
import { cond, makeRuleFixture, type RuleFixture, ruleBody } from './rules.fixtures.ts';

// The transforms with named arguments through the API: the server answers the contract's checks (the same the
// editor runs) and keeps the arguments a rule was saved with.

let t: TestApp;
let admin: Session;
let moduleId: number;
let f: RuleFixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleId = await addModule(t, 'Rule transforms');
  await addUser(t, { userName: 'rt-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleId] });
  admin = await signIn(t, 'rt-admin');
  f = await makeRuleFixture(t, admin, moduleId);
});
afterAll(() => t.close());

type Transform = { type: string; argument?: number | null; args?: Record<string, string | number | null> };
/** A rule keyed on side A's narration (transformed) against side B's UTR, amounts equal. */
const utrRule = (transforms: Transform[]) => {
  const key = cond(f, { one: 'A.narration', two: 'B.utr' });
  return ruleBody(f, {
    conditions: [
      { ...key, elementOne: { ...key.elementOne, transforms } },
      cond(f, { one: 'A.amount', two: 'B.amount', sequence: 2 }),
    ],
  });
};
const post = (payload: Record<string, unknown>) =>
  call(t, admin, { method: 'POST', url: '/web/v2/rules', moduleId, payload });

describe('rules with argument transforms', () => {
  it('saves an extracted key and answers it with its arguments', async () => {
    const transforms: Transform[] = [
      { type: 'REGEX_EXTRACT', args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } },
      { type: 'PAD_LEFT', args: { length: 22, char: '0' } },
    ];
    const res = await post(utrRule(transforms));
    expect(res.statusCode, res.body).toBe(200);
    const got = await call(t, admin, { method: 'GET', url: `/web/v2/rules/${res.json().id}`, moduleId });
    expect(got.json().conditions[0].elementOne.transforms).toEqual([
      { type: 'REGEX_EXTRACT', argument: null, args: { pattern: 'NEFT-([A-Z0-9]+)-', group: 1 } },
      { type: 'PAD_LEFT', argument: null, args: { length: 22, char: '0' } },
    ]);
  });

  it.each<[string, Transform[], string]>([
    [
      'a pattern PostgreSQL reads differently',
      [{ type: 'REGEX_EXTRACT', args: { pattern: '[[:digit:]]+' } }],
      P.badRegex('Extract', 'write \\[ for a [ inside [ … ] (POSIX classes like [:digit:] are not supported: use \\d)'),
    ],
    [
      'a group the pattern lacks',
      [{ type: 'REGEX_EXTRACT', args: { pattern: 'NEFT', group: 1 } }],
      P.noSuchGroup('Extract', 1, 0),
    ],
    ['a column of the other side', [{ type: 'CONCAT', args: { column: 'utr' } }], P.unknownColumn('Concat', 'utr')],
  ])('refuses %s with the message the editor shows', async (_label, transforms, problem) => {
    const res = await post(utrRule(transforms));
    expect(res.statusCode).toBe(400);
    const message = conditionMessage(1, problem);
    expect(res.json()).toEqual({ message, errors: [{ field: 'conditions.0', defaultMessage: message }] });
  });
});
