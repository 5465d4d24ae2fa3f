import { RULE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
} from '@/testing/test-app.ts';
import { createRule, makeRuleFixture, type RuleFixture } from './rules.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let moduleA: number;
let moduleB: number;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Rule groups A');
  moduleB = await addModule(t, 'Rule groups B');
  await addUser(t, { userName: 'rg-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  await addUser(t, { userName: 'rg-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  admin = await signIn(t, 'rg-admin');
  operator = await signIn(t, 'rg-operator');
});
afterAll(() => t.close());

const refusal = (field: string, message: string) => ({ message, errors: [{ field, defaultMessage: message }] });

/** A recon with three rules, A, B and C in that order. */
async function threeRules(moduleId = moduleA) {
  const f: RuleFixture = await makeRuleFixture(t, admin, moduleId);
  const a = await createRule(t, admin, f, { name: 'A' });
  const b = await createRule(t, admin, f, { name: 'B' });
  const c = await createRule(t, admin, f, { name: 'C' });
  return { f, groupId: a.ruleGroupId, a, b, c };
}

const put = (session: Session, payload: Record<string, unknown>, moduleId = moduleA) =>
  call(t, session, { method: 'PUT', url: '/web/v2/rulegroups', moduleId, payload });

describe('GET /v2/rulegroups/{id}', () => {
  it("answers the recon's rules in order to a holder of viewRule", async () => {
    const { f, groupId, a, b, c } = await threeRules();
    const res = await call(t, operator, { method: 'GET', url: `/web/v2/rulegroups/${groupId}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: groupId, reconId: f.reconId, reconName: f.reconName });
    expect(res.json().rules.map((r: { id: number; sequence: number }) => [r.id, r.sequence])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 3],
    ]);
  });

  it("answers 404 for another module's group and an unknown one", async () => {
    const theirs = await threeRules(moduleB);
    for (const id of [theirs.groupId, 999_999]) {
      const res = await call(t, admin, { method: 'GET', url: `/web/v2/rulegroups/${id}`, moduleId: moduleA });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual([{ message: RULE_TEXTS.groupNotFound, code: 'NOT_FOUND' }]);
    }
  });
});

describe('PUT /v2/rulegroups', () => {
  it('reorders the rules, switches them on and off, and audits before and after', async () => {
    const { groupId, a, b, c } = await threeRules();
    const res = await put(admin, {
      id: groupId,
      rules: [
        { id: a.id, sequence: 3, enabled: true },
        { id: b.id, sequence: 1, enabled: false },
        { id: c.id, sequence: 2, enabled: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .rules.map((r: { name: string; sequence: number; enabled: boolean }) => [r.name, r.sequence, r.enabled]),
    ).toEqual([
      ['B', 1, false],
      ['C', 2, true],
      ['A', 3, true],
    ]);
    const audit = (await auditRows(t, 'RULE_GROUP_UPDATED')).filter((r) => r.entity_id === String(groupId));
    expect(audit[0]).toMatchObject({
      user_id: admin.userId,
      module_id: moduleA,
      details: {
        before: [
          { id: a.id, sequence: 1, enabled: true },
          { id: b.id, sequence: 2, enabled: true },
          { id: c.id, sequence: 3, enabled: true },
        ],
        after: [
          { id: b.id, sequence: 1, enabled: false },
          { id: c.id, sequence: 2, enabled: true },
          { id: a.id, sequence: 3, enabled: true },
        ],
      },
    });
  });

  it('renumbers from 1 whatever sequences it is given, ties in list order', async () => {
    const { groupId, a, b, c } = await threeRules();
    const res = await put(admin, {
      id: groupId,
      rules: [
        { id: c.id, sequence: 10, enabled: true },
        { id: a.id, sequence: 10, enabled: true },
        { id: b.id, sequence: 4, enabled: true },
      ],
    });
    expect(res.json().rules.map((r: { id: number; sequence: number }) => [r.id, r.sequence])).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
    ]);
  });

  it('refuses a list that misses a rule, repeats one or adds a stranger', async () => {
    const { groupId, a, b, c } = await threeRules();
    const stranger = (await threeRules()).a;
    const r = (id: number, sequence: number) => ({ id, sequence, enabled: true });
    for (const rules of [
      [r(a.id, 1), r(b.id, 2)],
      [r(a.id, 1), r(b.id, 2), r(b.id, 3)],
      [r(a.id, 1), r(b.id, 2), r(c.id, 3), r(stranger.id, 4)],
      [r(a.id, 1), r(b.id, 2), r(stranger.id, 3)],
    ]) {
      const res = await put(admin, { id: groupId, rules });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal('rules', RULE_TEXTS.groupRulesMismatch));
    }
  });

  it("answers 404 for another module's group", async () => {
    const theirs = await threeRules(moduleB);
    const res = await put(admin, { id: theirs.groupId, rules: [{ id: theirs.a.id, sequence: 1, enabled: true }] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: RULE_TEXTS.groupNotFound, code: 'NOT_FOUND' }]);
  });

  it('answers 403 without createEditRule and 400 for a malformed body', async () => {
    const { groupId, a } = await threeRules();
    const denied = await put(operator, { id: groupId, rules: [{ id: a.id, sequence: 1, enabled: true }] });
    expect(denied.statusCode).toBe(403);
    expect((await put(admin, { id: groupId, rules: [] })).statusCode).toBe(400);
  });

  it('places a rule created after a reorder last', async () => {
    const { f, groupId, a, b, c } = await threeRules();
    await put(admin, {
      id: groupId,
      rules: [
        { id: c.id, sequence: 1, enabled: true },
        { id: b.id, sequence: 2, enabled: true },
        { id: a.id, sequence: 3, enabled: true },
      ],
    });
    const d = await createRule(t, admin, f, { name: 'D' });
    expect(d.sequence).toBe(4);
  });
});
