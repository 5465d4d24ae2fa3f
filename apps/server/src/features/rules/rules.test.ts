import { RULE_TEXTS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, invalidBody } from '@/testing/error-bodies.ts';
import {
  addModule,
  addUser,
  auditRows,
  call,
  createTestApp,
  type Session,
  signIn,
  type TestApp,
  uniqueName,
} from '@/testing/test-app.ts';
import { cond, createRule, makeRuleFixture, type RuleFixture, ruleBody } from './rules.fixtures.ts';

let t: TestApp;
let admin: Session;
let operator: Session;
let noGrants: Session;
let moduleA: number;
let moduleB: number;
let f: RuleFixture;
let other: RuleFixture;

beforeAll(async () => {
  t = await createTestApp();
  moduleA = await addModule(t, 'Rules A');
  moduleB = await addModule(t, 'Rules B');
  await addUser(t, { userName: 'rl-admin', roles: ['ROLE_ADMIN'], moduleIds: [moduleA, moduleB] });
  // The operator holds viewRule but neither rules nor createEditRule.
  await addUser(t, { userName: 'rl-operator', roles: ['ROLE_OPERATOR'], moduleIds: [moduleA] });
  await t.database.db.insertInto('role').values({ name: 'ROLE_RL_EMPTY' }).execute();
  await addUser(t, { userName: 'rl-empty', roles: ['ROLE_RL_EMPTY'], moduleIds: [moduleA] });
  admin = await signIn(t, 'rl-admin');
  operator = await signIn(t, 'rl-operator');
  noGrants = await signIn(t, 'rl-empty');
  f = await makeRuleFixture(t, admin, moduleA);
  other = await makeRuleFixture(t, admin, moduleB);
});
afterAll(() => t.close());

describe('POST /v2/rules', () => {
  it('creates the rule last in its recon, stores the conditions ordered and renumbered, and audits it', async () => {
    const first = await createRule(t, admin, f);
    const name = uniqueName('Ordered');
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, {
        name: `  ${name} `,
        conditions: [
          cond(f, { type: 'FILTER', primary: false, one: 'A.narration', op: 'CONTAINS', two: 'B.utr', sequence: 1 }),
          cond(f, {
            type: 'FILTER',
            primary: true,
            one: 'A.channel',
            op: 'IN',
            two: { value: 'UPI,NEFT' },
            sequence: 2,
          }),
          cond(f, { one: 'A.ref', two: 'B.ref', sequence: 3 }),
          cond(f, { one: 'A.value_date', two: 'B.txn_date', tolerance: 1, sequence: 4 }),
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rule = res.json();
    expect(rule).toMatchObject({
      name,
      reconId: f.reconId,
      reconName: f.reconName,
      ruleType: 'RECONCILED',
      sequence: first.sequence + 1,
      enabled: true,
      conditionCount: 4,
      ruleGroupId: first.ruleGroupId,
    });
    expect(
      rule.conditions.map((c: { sequence: number; ruleConditionType: string; primaryCondition: boolean }) => [
        c.sequence,
        c.ruleConditionType,
        c.primaryCondition,
      ]),
    ).toEqual([
      [1, 'MATCHING', false],
      [2, 'MATCHING', false],
      [3, 'FILTER', true],
      [4, 'FILTER', false],
    ]);
    expect(rule.conditions[0].elementOne).toEqual({
      valueType: 'COLUMN',
      dataSourceId: f.bank,
      columnName: 'ref',
      value: null,
      transforms: [],
      aggregation: null,
    });
    expect(rule.conditions[1].tolerance).toBe(1);
    expect(rule.conditions[2].elementSecond).toMatchObject({ valueType: 'CONSTANT', value: 'UPI,NEFT' });
    const audit = (await auditRows(t, 'RULE_CREATED')).filter((r) => r.entity_id === String(rule.id));
    expect(audit[0]).toMatchObject({
      user_id: admin.userId,
      module_id: moduleA,
      entity_type: 'recon_rule',
      details: { reconId: f.reconId, name, ruleType: 'RECONCILED' },
    });
  });

  it("creates the recon's rule group with its first rule", async () => {
    const g = await makeRuleFixture(t, admin, moduleA);
    const before = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${g.reconId}`,
      moduleId: moduleA,
    });
    expect(before.json()).toEqual({ data: [], ruleGroupId: null });
    const rule = await createRule(t, admin, g);
    expect(rule.sequence).toBe(1);
    const after = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${g.reconId}`,
      moduleId: moduleA,
    });
    expect(after.json().ruleGroupId).toBe(rule.ruleGroupId);
  });

  it('drops what a condition does not use: the value of Is empty, transforms of constants, unused arguments', async () => {
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, {
        conditions: [
          cond(f, { one: 'A.ref|TRIM:4', two: 'B.ref' }),
          cond(f, { type: 'FILTER', primary: true, one: 'B.utr', op: 'IS_NULL', two: { value: 'ignored' } }),
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [key, filter] = res.json().conditions;
    expect(key.elementOne.transforms).toEqual([{ type: 'TRIM', argument: null }]);
    expect(filter.elementSecond).toEqual({ valueType: 'CONSTANT', value: null, transforms: [], aggregation: null });
  });

  it('copies a rule under a new name (copy-rule is a create from a rule read back)', async () => {
    const source = await createRule(t, admin, f);
    const read = (await call(t, admin, { method: 'GET', url: `/web/v2/rules/${source.id}`, moduleId: moduleA })).json();
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: {
        reconId: read.reconId,
        name: `Copy of ${read.name}`,
        description: read.description,
        ruleType: read.ruleType,
        enabled: read.enabled,
        conditions: read.conditions,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().conditions).toEqual(read.conditions);
    expect(res.json().id).not.toBe(source.id);
  });

  it('refuses a name the recon already uses, whatever its case, but allows it in another recon', async () => {
    const name = uniqueName('Taken');
    await createRule(t, admin, f, { name });
    const res = await call(t, admin, {
      method: 'POST',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, { name: name.toUpperCase() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidBody('name', RULE_TEXTS.nameTaken));
    const g = await makeRuleFixture(t, admin, moduleA);
    await createRule(t, admin, g, { name });
  });

  it("answers 404 for another module's recon, as for an unknown one", async () => {
    for (const reconId of [other.reconId, 999_999]) {
      const res = await call(t, admin, {
        method: 'POST',
        url: '/web/v2/rules',
        moduleId: moduleA,
        payload: ruleBody(f, { reconId }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual([{ message: RULE_TEXTS.reconNotFound, code: 'NOT_FOUND' }]);
    }
  });

  it('answers 403 without createEditRule, for an unassigned module, and 401 without a token', async () => {
    for (const session of [operator, noGrants]) {
      const res = await call(t, session, {
        method: 'POST',
        url: '/web/v2/rules',
        moduleId: moduleA,
        payload: ruleBody(f),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN_BODY);
    }
    const unassigned = await call(t, operator, {
      method: 'POST',
      url: '/web/v2/rules',
      moduleId: moduleB,
      payload: ruleBody(other),
    });
    expect(unassigned.statusCode).toBe(403);
    const anonymous = await call(t, null, { method: 'POST', url: '/web/v2/rules', moduleId: moduleA, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v2/rules/{id}', () => {
  it('answers the rule to a holder of viewRule', async () => {
    const rule = await createRule(t, admin, f, { description: 'Read me' });
    const res = await call(t, operator, { method: 'GET', url: `/web/v2/rules/${rule.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: rule.id,
      reconId: f.reconId,
      reconName: f.reconName,
      ruleGroupId: rule.ruleGroupId,
      name: rule.name,
      description: 'Read me',
      ruleType: 'RECONCILED',
      sequence: rule.sequence,
      enabled: true,
      conditionCount: 2,
      conditions: expect.any(Array),
      createdAt: expect.stringMatching(/^\d{4}-/),
      updatedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it("answers 404 for another module's rule and for an unknown id", async () => {
    const theirs = await createRule(t, admin, other);
    for (const id of [theirs.id, 999_999]) {
      const res = await call(t, admin, { method: 'GET', url: `/web/v2/rules/${id}`, moduleId: moduleA });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual([{ message: RULE_TEXTS.notFound, code: 'NOT_FOUND' }]);
    }
  });

  it('answers 403 without any rule privilege', async () => {
    const rule = await createRule(t, admin, f);
    const res = await call(t, noGrants, { method: 'GET', url: `/web/v2/rules/${rule.id}`, moduleId: moduleA });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /v2/rules?Find=SelectedRuleByRecon', () => {
  it("answers the recon's rules in their order with their group", async () => {
    const g = await makeRuleFixture(t, admin, moduleA);
    const one = await createRule(t, admin, g, { name: 'Zeta first' });
    const two = await createRule(t, admin, g, { name: 'Alpha second', ruleType: 'PROPOSE_MATCH', enabled: false });
    const res = await call(t, operator, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${g.reconId}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ruleGroupId: one.ruleGroupId,
      data: [
        {
          id: one.id,
          reconId: g.reconId,
          name: 'Zeta first',
          description: 'Reference and amount',
          ruleType: 'RECONCILED',
          sequence: 1,
          enabled: true,
          conditionCount: 2,
          updatedAt: expect.any(String),
        },
        expect.objectContaining({ id: two.id, sequence: 2, ruleType: 'PROPOSE_MATCH', enabled: false }),
      ],
    });
  });

  it("answers 404 for another module's recon and 400 without the Find or recon", async () => {
    const res = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${other.reconId}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual([{ message: RULE_TEXTS.reconNotFound, code: 'NOT_FOUND' }]);
    for (const url of [
      '/web/v2/rules',
      `/web/v2/rules?reconId=${f.reconId}`,
      '/web/v2/rules?Find=SelectedRuleByRecon',
    ]) {
      expect((await call(t, admin, { method: 'GET', url, moduleId: moduleA })).statusCode, url).toBe(400);
    }
  });

  it('answers 403 without any rule privilege', async () => {
    const res = await call(t, noGrants, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${f.reconId}`,
      moduleId: moduleA,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /v2/rules', () => {
  it('rewrites the rule, keeps its place, and audits before and after', async () => {
    const rule = await createRule(t, admin, f);
    const name = uniqueName('Renamed');
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, {
        id: rule.id,
        name,
        ruleType: 'RELAX_MATCH',
        enabled: false,
        conditions: [cond(f, { one: 'A.ref', two: 'B.ref' })],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: rule.id,
      name,
      ruleType: 'RELAX_MATCH',
      enabled: false,
      sequence: rule.sequence,
      conditionCount: 1,
    });
    const audit = (await auditRows(t, 'RULE_UPDATED')).filter((r) => r.entity_id === String(rule.id));
    expect(audit[0]?.details).toMatchObject({
      before: { name: rule.name, ruleType: 'RECONCILED', enabled: true },
      after: { name, ruleType: 'RELAX_MATCH', enabled: false },
    });
  });

  it("keeps the rule's own name free for itself", async () => {
    const rule = await createRule(t, admin, f);
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, { id: rule.id, name: rule.name.toUpperCase() }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("moves a rule given another recon to the end of that recon's order and closes the gap it leaves", async () => {
    const from = await makeRuleFixture(t, admin, moduleA);
    const to = await makeRuleFixture(t, admin, moduleA);
    const moving = await createRule(t, admin, from);
    const staying = await createRule(t, admin, from);
    await createRule(t, admin, to);
    const res = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(to, { id: moving.id, name: moving.name }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reconId: to.reconId, sequence: 2 });
    const left = await call(t, admin, {
      method: 'GET',
      url: `/web/v2/rules?Find=SelectedRuleByRecon&reconId=${from.reconId}`,
      moduleId: moduleA,
    });
    expect(left.json().data.map((r: { id: number; sequence: number }) => [r.id, r.sequence])).toEqual([
      [staying.id, 1],
    ]);
  });

  it('answers 400 without an id and 404 for an unknown or foreign rule', async () => {
    const missing = await call(t, admin, {
      method: 'PUT',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(invalidBody('id', RULE_TEXTS.idRequired));
    const theirs = await createRule(t, admin, other);
    for (const id of [theirs.id, 999_999]) {
      const res = await call(t, admin, {
        method: 'PUT',
        url: '/web/v2/rules',
        moduleId: moduleA,
        payload: ruleBody(f, { id }),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual([{ message: RULE_TEXTS.notFound, code: 'NOT_FOUND' }]);
    }
  });

  it('answers 403 without createEditRule', async () => {
    const rule = await createRule(t, admin, f);
    const res = await call(t, operator, {
      method: 'PUT',
      url: '/web/v2/rules',
      moduleId: moduleA,
      payload: ruleBody(f, { id: rule.id }),
    });
    expect(res.statusCode).toBe(403);
  });
});
