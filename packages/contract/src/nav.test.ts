import { describe, expect, it } from 'vitest';
import { navLeaves, navPath, visibleNav } from './nav.ts';
import { readPagingParams, toPagedQuery } from './paging.ts';
import { hasPrivilege, PRIVILEGE_CODES } from './privileges.ts';
import { parseFeatureModules, parseModuleIdList } from './settings.ts';

const keys = (held: string[], moduleId: number | null = 1, filter?: Parameters<typeof visibleNav>[2]) =>
  visibleNav(new Set(held), moduleId, filter).map((s) => s.key);

describe('hasPrivilege', () => {
  it('passes when the rule has no code', () => {
    expect(hasPrivilege(new Set(), undefined)).toBe(true);
    expect(hasPrivilege(new Set(), {})).toBe(true);
  });
  it('accepts any one alternative and needs every required extra code', () => {
    const rule = { code: 'commissionCalView', anyOf: ['commissionCalAdmin'], allOf: ['job'] } as const;
    expect(hasPrivilege(new Set(['commissionCalAdmin', 'job']), rule)).toBe(true);
    expect(hasPrivilege(new Set(['commissionCalAdmin']), rule)).toBe(false);
    expect(hasPrivilege(new Set(['job']), rule)).toBe(false);
  });
});

describe('visibleNav', () => {
  it('hides every section but the dynamic dashboard when nothing relevant is held', () => {
    expect(keys(['dashboards'])).toEqual(['dashboard']);
    expect(keys([])).toEqual([]);
  });

  it('hides parents whose children are all hidden and keeps only held leaves', () => {
    const tx = visibleNav(new Set(['reconciledTransaction']), 1).find((s) => s.key === 'transactions');
    expect(tx?.items.map((i) => i.key)).toEqual(['recon']);
    expect(tx?.items[0]?.children?.map((c) => c.fullPath)).toEqual(['/transactions/recon/reconciled']);
  });

  it('shows module-filtered sections only for the modules their setting lists', () => {
    const held = ['upiDisputes', 'atm', 'bankingModule'];
    expect(keys(held, 1)).toEqual([]);
    const filter = { sections: { UPI: [1], BANKING_MODULE: [2] }, features: {} };
    expect(keys(held, 1, filter)).toEqual(['upi']);
    expect(keys(held, 2, filter)).toEqual(['banking-module']);
  });

  it('hides a module-filtered feature outside its modules and shows it when unfiltered', () => {
    const has = (moduleId: number, features: Record<string, number[]>) =>
      visibleNav(new Set(['lienMarking']), moduleId, { sections: {}, features })
        .find((s) => s.key === 'transactions')
        ?.items.some((i) => i.key === 'lien-actions') ?? false;
    expect(has(1, { LIEN_MARKING: [2] })).toBe(false);
    expect(has(2, { LIEN_MARKING: [2] })).toBe(true);
    expect(has(1, {})).toBe(true);
  });

  it('shows everything but module-filtered sections to a holder of every code', () => {
    expect(keys([...PRIVILEGE_CODES])).toEqual([
      'dashboard',
      'transactions',
      'operations',
      'my-jobs',
      'reports',
      'merchant-disputes',
      'settings',
    ]);
  });

  it('gives every leaf a unique full path', () => {
    const paths = navLeaves().map((l) => l.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/settings/audit-logs');
    expect(paths).toContain('/operations/configuration/data-sources');
  });
});

describe('settings parsing', () => {
  it('reads comma-separated module ids and ignores junk', () => {
    expect(parseModuleIdList(' 1, 2,x,,3 ')).toEqual([1, 2, 3]);
    expect(parseModuleIdList(undefined)).toEqual([]);
  });
  it('reads a feature JSON and allows nothing when it is unreadable', () => {
    expect(parseFeatureModules('{"moduleId":[4,5]}')).toEqual([4, 5]);
    expect(parseFeatureModules('{"moduleId":7}')).toEqual([7]);
    expect(parseFeatureModules('not json')).toEqual([]);
  });
});

describe('DataTables params', () => {
  it('round-trips columns and order through the flat query', () => {
    const q = toPagedQuery({
      start: 20,
      length: 10,
      columns: [{ data: 'name', searchValue: 'ann' }, { data: 'email' }],
      order: [{ column: 1, dir: 'desc' }],
    });
    const parsed = readPagingParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])));
    expect(parsed.columns.map((c) => [c.data, c.search.value])).toEqual([
      ['name', 'ann'],
      ['email', ''],
    ]);
    expect(parsed.order).toEqual([{ column: 1, dir: 'desc' }]);
  });
});

describe('navPath', () => {
  it('joins the paths of the entries named by their keys from the section down', () => {
    expect(navPath('operations', 'history', 'rollback-history')).toBe('/operations/history/rollback-history');
    expect(navPath('transactions', 'recon', 'unreconciled')).toBe('/transactions/recon/unreconciled');
    expect(navPath('settings')).toBe('/settings');
  });

  it('throws on a key the tree does not have, naming the entry', () => {
    expect(() => navPath('operations', 'history', 'rollbacks')).toThrow(
      'No navigation entry operations › history › rollbacks',
    );
    expect(() => navPath('nowhere')).toThrow('No navigation section nowhere');
  });
});
