import { HolderOutlined } from '@ant-design/icons';
import { DASHBOARD_GRID_COLUMNS, type Dashboard, type DashboardPlacement } from '@recon/contract';
import { useMemo } from 'react';
import GridLayout, { type Layout, WidthProvider } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import 'react-grid-layout/css/styles.css';
import 'react-resizable/css/styles.css';
import { DashletCard } from '@/features/dashboards/components/dashlet-card';

const Grid = WidthProvider(GridLayout);
const ROW_HEIGHT = 64;
const DRAG_HANDLE = 'dashlet-drag-handle';

/** The places of the grid's layout, in the contract's shape. */
export function placementsOf(layout: readonly Layout[]): DashboardPlacement[] {
  return layout.map((l) => ({ dashletId: Number(l.i), x: l.x, y: l.y, w: l.w, h: l.h }));
}

/** Whether two layouts put every dashlet in the same place (a click on the handle is not a move). */
export function isSameLayout(a: readonly DashboardPlacement[], b: readonly DashboardPlacement[]): boolean {
  const key = (p: DashboardPlacement) => `${p.dashletId}:${p.x}:${p.y}:${p.w}:${p.h}`;
  return a.map(key).sort().join('|') === b.map(key).sort().join('|');
}

type Props = {
  dashboard: Dashboard;
  /** Drag and resize (dashboardConfig); the new places are handed over after each move. */
  isEditable: boolean;
  onLayoutChange: (layout: DashboardPlacement[]) => void;
};

/** A dashboard's dashlets on a 12-column grid, dragged by their handle and resized from their corner. */
export function DashboardGrid({ dashboard, isEditable, onLayoutChange }: Props) {
  const { t } = useTranslation();
  const layout = useMemo<Layout[]>(
    () => dashboard.layout.map((p) => ({ i: String(p.dashletId), x: p.x, y: p.y, w: p.w, h: p.h, minW: 2, minH: 3 })),
    [dashboard.layout],
  );
  const current = dashboard.layout.map(({ dashlet: _d, ...p }) => p);
  const moved = (next: Layout[]) => {
    const places = placementsOf(next);
    if (!isSameLayout(places, current)) onLayoutChange(places);
  };
  return (
    <Grid
      layout={layout}
      cols={DASHBOARD_GRID_COLUMNS}
      rowHeight={ROW_HEIGHT}
      margin={[16, 16]}
      containerPadding={[0, 0]}
      isDraggable={isEditable}
      isResizable={isEditable}
      draggableHandle={`.${DRAG_HANDLE}`}
      onDragStop={moved}
      onResizeStop={moved}
    >
      {dashboard.layout.map((p) => (
        <div key={String(p.dashletId)} data-testid={`dashlet-${p.dashletId}`}>
          <DashletCard
            dashlet={p.dashlet}
            dragHandle={
              isEditable ? (
                <HolderOutlined
                  className={DRAG_HANDLE}
                  aria-label={t('dashboards.dragNamed', { name: p.dashlet.name })}
                  style={{ cursor: 'move', color: 'rgba(0,0,0,0.45)' }}
                />
              ) : undefined
            }
          />
        </div>
      ))}
    </Grid>
  );
}
