import { lazy, type ReactNode, Suspense } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider (vite.config.ts swaps it in for the
 * build). ConfigProvider imports that provider statically but renders it only with `tooltip.unique`, which
 * this app does not set; the swap keeps the tooltip trigger and portal code out of the /login first load.
 * Should the option ever be set, the real provider loads on demand and wraps the tree as before.
 */
const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));

export default function DeferredTooltipUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
