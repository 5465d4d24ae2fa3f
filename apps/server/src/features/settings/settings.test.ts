import { SETTING_GROUPS } from '@recon/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@/seed/roles.ts';
import { addModule, addUser, call, createTestApp, type Session, signIn, type TestApp } from '@/testing/test-app.ts';

let t: TestApp;
let operator: Session;

beforeAll(async () => {
  t = await createTestApp();
  await addUser(t, { userName: 'settings-operator', roles: ['ROLE_OPERATOR'] });
  operator = await signIn(t, 'settings-operator');
});
afterAll(() => t.close());

const byGroup = (s: Session | null, settingGroup: string, moduleId?: number) =>
  call(t, s, {
    method: 'GET',
    url: '/web/v2/globalsettings',
    query: { Find: 'BySettingGroup', settingGroup },
    moduleId,
  });

const byKey = (a: { settingKey: string }, b: { settingKey: string }) =>
  a.settingKey < b.settingKey ? -1 : a.settingKey > b.settingKey ? 1 : 0;

describe('GET v2/globalsettings?Find=BySettingGroup', () => {
  it.each(SETTING_GROUPS)('answers the seeded keys and values of %s', async (group) => {
    const res = await byGroup(operator, group);
    expect(res.statusCode).toBe(200);
    const expected = DEFAULT_SETTINGS.filter((s) => s.group === group)
      .map((s) => ({ settingGroup: group, settingKey: s.key, settingValue: s.value }))
      .sort(byKey);
    expect(expected.length).toBeGreaterThan(0);
    const data = res.json().data as { id: number; settingGroup: string; settingKey: string; settingValue: string }[];
    // Sorted here: the server orders by key in the database's collation.
    expect(data.map(({ id: _id, ...rest }) => rest).sort(byKey)).toEqual(expected);
    expect(data.every((d) => Number.isInteger(d.id))).toBe(true);
  });

  it('answers a changed value', async () => {
    await t.database.db
      .updateTable('global_setting')
      .set({ setting_value: '4' })
      .where('setting_group', '=', 'USER')
      .where('setting_key', '=', 'NUMBER_FORMAT_SCALE')
      .execute();
    const data = (await byGroup(operator, 'USER')).json().data as { settingKey: string; settingValue: string }[];
    expect(data.find((d) => d.settingKey === 'NUMBER_FORMAT_SCALE')?.settingValue).toBe('4');
  });

  it('answers 400 for an unknown group', async () => {
    const res = await byGroup(operator, 'SECRETS');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('settingGroup');
  });

  it('answers 400 without Find=BySettingGroup', async () => {
    const res = await call(t, operator, { method: 'GET', url: '/web/v2/globalsettings?settingGroup=USER' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('Find');
  });

  it('works with a stale module header', async () => {
    const foreign = await addModule(t, 'Foreign settings module');
    expect((await byGroup(operator, 'USER', foreign)).statusCode).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const res = await byGroup(null, 'USER');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual([{ message: 'Authentication required', code: 'UNAUTHENTICATED' }]);
  });
});
