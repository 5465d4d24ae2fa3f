import { NAV_TREE, type NavItem } from '@recon/contract/nav';
import type { PrivilegeRule } from '@recon/contract/privileges';

export const PRIVILEGE_GROUP_KEYS = [
  'dashboard',
  'transactions',
  'operations',
  'myJobs',
  'reports',
  'merchantDisputes',
  'disputes',
  'banking',
  'settings',
  'other',
] as const;
export type PrivilegeGroupKey = (typeof PRIVILEGE_GROUP_KEYS)[number];

const GROUP_OF_SECTION: Readonly<Record<string, PrivilegeGroupKey>> = {
  dashboard: 'dashboard',
  transactions: 'transactions',
  operations: 'operations',
  'my-jobs': 'myJobs',
  reports: 'reports',
  'merchant-disputes': 'merchantDisputes',
  upi: 'disputes',
  disputes: 'disputes',
  'banking-module': 'banking',
  settings: 'settings',
};

/** Codes that guard actions inside pages rather than menu entries, placed with the area they act on. */
const GROUP_OF_ACTION_CODE: Readonly<Record<string, PrivilegeGroupKey>> = {
  notificationCenter: 'myJobs',
  createModule: 'settings',
  viewRule: 'operations',
  createEditRule: 'operations',
  viewDataSource: 'operations',
  createEditDataSource: 'operations',
  createJob: 'operations',
  viewRecons: 'transactions',
};

function codesOf(rule: PrivilegeRule | undefined): string[] {
  if (!rule) return [];
  return [...(rule.code ? [rule.code] : []), ...(rule.anyOf ?? []), ...(rule.allOf ?? [])];
}

function buildGroupIndex(): ReadonlyMap<string, PrivilegeGroupKey> {
  const index = new Map<string, PrivilegeGroupKey>();
  const add = (codes: string[], group: PrivilegeGroupKey) => {
    for (const code of codes) if (!index.has(code)) index.set(code, group);
  };
  const walk = (items: readonly NavItem[], group: PrivilegeGroupKey) => {
    for (const item of items) {
      add(codesOf(item.privilege), group);
      if (item.children) walk(item.children, group);
    }
  };
  for (const section of NAV_TREE) {
    const group = GROUP_OF_SECTION[section.key] ?? 'other';
    add(codesOf(section.privilege), group);
    walk(section.items, group);
  }
  for (const [code, group] of Object.entries(GROUP_OF_ACTION_CODE)) add([code], group);
  return index;
}

const GROUP_INDEX = buildGroupIndex();

/** The area a privilege belongs to, following the navigation it unlocks. */
export function privilegeGroupOf(code: string): PrivilegeGroupKey {
  return GROUP_INDEX.get(code) ?? 'other';
}

/** Groups items by area, in navigation order, leaving out empty groups. */
export function groupPrivileges<T extends { privilegeCode: string }>(items: readonly T[]): [PrivilegeGroupKey, T[]][] {
  const groups = new Map<PrivilegeGroupKey, T[]>();
  for (const item of items) {
    const key = privilegeGroupOf(item.privilegeCode);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return PRIVILEGE_GROUP_KEYS.filter((key) => groups.has(key)).map((key) => [key, groups.get(key) ?? []]);
}
