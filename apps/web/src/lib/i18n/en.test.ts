import { PASSWORD_POLICY_TEXT } from '@recon/contract';
import { NAV_TREE } from '@recon/contract/nav';
import { INTEGRATION_TEXTS, MODULE_TEXTS, UNASSIGNED_TEXTS } from '@recon/contract/texts';
import { describe, expect, it } from 'vitest';
import type { TextArea } from '@/lib/area-texts';
import { i18n } from '@/lib/i18n';
import { en } from '@/lib/i18n/en';
import { enMyJobs } from '@/lib/i18n/en-my-jobs';
import { enOperationsConfig } from '@/lib/i18n/en-operations-config';
import { enOperationsHistory } from '@/lib/i18n/en-operations-history';
import { enOperationsJobs } from '@/lib/i18n/en-operations-jobs';
import { enPlatform } from '@/lib/i18n/en-platform';
import { enReports } from '@/lib/i18n/en-reports';
import { enShared } from '@/lib/i18n/en-shared';
import { enTransactions } from '@/lib/i18n/en-transactions';

describe('English texts', () => {
  it("keep the contract's texts word for word", () => {
    expect(en.auth.unassigned).toMatchObject(UNASSIGNED_TEXTS);
    expect(en.modules).toMatchObject(MODULE_TEXTS);
    expect(en.auth.reset.policy).toBe(PASSWORD_POLICY_TEXT);
    expect(enPlatform.integrations.messages).toEqual(INTEGRATION_TEXTS);
  });

  it('label every navigation section as the tree does', () => {
    for (const section of NAV_TREE) expect(i18n.t(`nav.${section.basePath}`)).toBe(section.label);
  });

  it('fall back to English while the Spanish set is empty', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('common.noData')).toBe('No Data available');
    await i18n.changeLanguage('en');
  });
});

/** The bundles by name: the first load's, the shared one (with the signed-in frame) and each area's. */
const BUNDLES: Record<'firstLoad' | 'shared' | TextArea, object> = {
  firstLoad: en,
  shared: enShared,
  platform: enPlatform,
  operationsConfig: enOperationsConfig,
  operationsJobs: enOperationsJobs,
  operationsHistory: enOperationsHistory,
  transactions: enTransactions,
  myJobs: enMyJobs,
  reports: enReports,
};
type Bundle = keyof typeof BUNDLES;

/**
 * The bundle each feature's texts live in (besides the first load's and the shared ones, always there behind
 * sign-in). A new feature must be placed here; `firstLoad` features read the first load's texts only.
 */
const BUNDLE_OF_FEATURE: Record<string, Bundle> = {
  access: 'firstLoad',
  auth: 'firstLoad',
  modules: 'firstLoad',
  oauth: 'firstLoad',
  downloads: 'shared',
  'audit-logs': 'platform',
  roles: 'platform',
  users: 'platform',
  'approval-rights': 'platform',
  integrations: 'platform',
  'saml-setup': 'platform',
  'ldap-setup': 'platform',
  'data-sources': 'operationsConfig',
  'data-tables': 'operationsConfig',
  'master-data': 'operationsConfig',
  recons: 'operationsConfig',
  rules: 'operationsConfig',
  jobs: 'operationsJobs',
  pipelines: 'operationsJobs',
  'file-history': 'operationsHistory',
  'job-executions': 'operationsHistory',
  'pipeline-rows': 'operationsHistory',
  rollbacks: 'operationsHistory',
  transactions: 'transactions',
  approvals: 'myJobs',
  notifications: 'myJobs',
  tickets: 'myJobs',
  gl: 'reports',
  brs: 'reports',
  reports: 'reports',
  dashboards: 'reports',
};

// Every source file's text, by its path under src ("features/rules/rules-page.tsx"), tests left out.
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, source]) => [path.replace('/src/', ''), source]),
);

function sourceFiles(dir: string): string[] {
  return Object.keys(SOURCES).filter((path) => path.startsWith(`${dir}/`));
}

function leafKeys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function lookUp(texts: object, path: string[]): unknown {
  let node: unknown = texts;
  for (const part of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const TOP_KEYS = [...new Set(Object.values(BUNDLES).flatMap((b) => Object.keys(b)))];
// A key written whole ('rules.title') or the fixed start of one built in a template (`rules.kinds.${kind}`).
const KEY_PATTERN = new RegExp(`['"\`]((?:${TOP_KEYS.join('|')})\\.[\\w./-]*)(['"\`]|\\$\\{)`, 'g');

/** The keys a file names that none of the given bundles holds: a whole key as a text, a template's start as a group. */
function missingKeys(file: string, bundles: Bundle[]): string[] {
  const source = SOURCES[file] ?? '';
  const missing: string[] = [];
  for (const [, key = '', end] of source.matchAll(KEY_PATTERN)) {
    const whole = end !== '${';
    const path = whole ? key.split('.') : key.slice(0, key.lastIndexOf('.')).split('.');
    const found = bundles.some((name) => {
      const node = lookUp(BUNDLES[name], path);
      if (!whole) return !!node && typeof node === 'object';
      const last = path.at(-1);
      const parent = lookUp(BUNDLES[name], path.slice(0, -1)) as Record<string, unknown> | undefined;
      return typeof node === 'string' || (!!parent && typeof parent[`${last}_other`] === 'string');
    });
    if (!found) missing.push(`${file}: ${key}`);
  }
  return missing;
}

describe('text bundles', () => {
  it('hold each key once', () => {
    const keys = Object.values(BUNDLES).flatMap((b) => leafKeys(b));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("place every feature's keys in its area's bundle, the shared one or the first load's", () => {
    const features = [...new Set(sourceFiles('features').map((path) => path.split('/')[1] ?? ''))];
    expect(features.sort()).toEqual(Object.keys(BUNDLE_OF_FEATURE).sort());
    const missing = features.flatMap((feature) => {
      const own = BUNDLE_OF_FEATURE[feature] ?? 'firstLoad';
      const bundles: Bundle[] = own === 'firstLoad' ? ['firstLoad'] : ['firstLoad', 'shared', own];
      return sourceFiles(`features/${feature}`).flatMap((file) => missingKeys(file, bundles));
    });
    expect(missing).toEqual([]);
  });

  it("place the shell's, ui's and app's keys in the shared bundle or the first load's", () => {
    const files = ['shell', 'ui', 'app', 'lib'].flatMap(sourceFiles).filter((f) => !f.startsWith('lib/i18n/'));
    expect(files.flatMap((file) => missingKeys(file, ['firstLoad', 'shared']))).toEqual([]);
  });

  it("load each page with its area's texts", () => {
    const pages = sourceFiles('app/routes').flatMap((file) => {
      const source = SOURCES[file] ?? '';
      const imports = [...source.matchAll(/import\('@\/features\/([^/]+)\//g)].length;
      const lazyPages = [
        ...source.matchAll(/lazy\(\s*(?:withTexts\('(\w+)',\s*)?\(\) =>\s*import\('@\/features\/([^/]+)\//g),
      ];
      expect(lazyPages.length, `${file}: every page import is a lazy page`).toBe(imports);
      return lazyPages.map(([, area, feature = '']) => ({ file, feature, area }));
    });
    expect(pages.length).toBeGreaterThan(0);
    for (const { file, feature, area } of pages) {
      const own = BUNDLE_OF_FEATURE[feature];
      const expected = own === 'firstLoad' || own === 'shared' ? undefined : own;
      expect(area, `${file}: ${feature}`).toBe(expected);
    }
  });
});
