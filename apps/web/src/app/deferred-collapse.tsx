import type { CollapseProps } from 'antd';
import { lazy, Suspense } from 'react';

/**
 * Stands in for antd's Collapse where the ColorPicker's presets import it (vite.config.ts swaps it in for the
 * build). Button's style imports a colour helper from that same presets module, which put Collapse (its panel,
 * motion list and arrow icon) into the static import chain of the /login first load, and the first-load chunk
 * then carried it although only the signed-in pages render a Collapse. Should a ColorPicker with presets ever
 * render, the real Collapse loads on demand and renders as before.
 */
const Collapse = lazy(() => import('antd/es/collapse'));

export default function DeferredCollapse(props: CollapseProps) {
  return (
    <Suspense fallback={null}>
      <Collapse {...props} />
    </Suspense>
  );
}
