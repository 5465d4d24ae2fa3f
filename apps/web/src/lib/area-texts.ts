import { addTexts, loadSharedTexts } from '@/lib/i18n';

/**
 * Each area's own texts, one chunk per area, loaded with its pages (`withTexts`). Kept out of lib/i18n.ts, which the
 * entry chunk carries: only the signed-in pages' routes (app/routes) and the tests need it.
 */
const AREA_TEXTS = {
  platform: () => import('@/lib/i18n/en-platform').then((m) => m.enPlatform),
  operationsConfig: () => import('@/lib/i18n/en-operations-config').then((m) => m.enOperationsConfig),
  operationsJobs: () => import('@/lib/i18n/en-operations-jobs').then((m) => m.enOperationsJobs),
  operationsHistory: () => import('@/lib/i18n/en-operations-history').then((m) => m.enOperationsHistory),
  transactions: () => import('@/lib/i18n/en-transactions').then((m) => m.enTransactions),
  myJobs: () => import('@/lib/i18n/en-my-jobs').then((m) => m.enMyJobs),
  reports: () => import('@/lib/i18n/en-reports').then((m) => m.enReports),
} as const;
export type TextArea = keyof typeof AREA_TEXTS;
export const TEXT_AREAS = Object.keys(AREA_TEXTS) as TextArea[];

const areaTexts = new Map<TextArea, Promise<void>>();
export function loadAreaTexts(area: TextArea): Promise<void> {
  let loaded = areaTexts.get(area);
  if (!loaded) {
    loaded = AREA_TEXTS[area]().then(addTexts);
    areaTexts.set(area, loaded);
  }
  return loaded;
}

/**
 * A page's lazy import that resolves only once its area's texts (and the shared ones) are in the namespace, so the
 * page never renders a key: `lazy(withTexts('operationsConfig', () => import('@/features/rules/rules-page')))`.
 */
export function withTexts<T>(area: TextArea, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadSharedTexts(), loadAreaTexts(area)]).then(([page]) => page);
}
