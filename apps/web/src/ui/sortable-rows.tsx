// Drag-to-reorder table rows (dnd-kit), shared by the data elements, the recon order and the recon rules lists.
import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { type CSSProperties, createContext, type HTMLAttributes, type ReactNode, useContext, useMemo } from 'react';

type HandleContext = {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
  attributes?: DraggableAttributes;
};

const RowHandleContext = createContext<HandleContext>({});

/** The grip of a sortable row: drag it, or focus it and use Space and the arrow keys. */
export function DragHandle({ label }: { label: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(RowHandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      style={{ cursor: 'grab', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      role={attributes?.role}
      tabIndex={attributes?.tabIndex}
      aria-roledescription={attributes?.['aria-roledescription']}
      aria-describedby={attributes?.['aria-describedby']}
      aria-pressed={attributes?.['aria-pressed']}
      aria-disabled={attributes?.['aria-disabled']}
      {...listeners}
      aria-label={label}
    />
  );
}

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

/** An antd table row that moves with dnd-kit; its id is the table's row key. */
export function SortableRow(props: RowProps) {
  const id = String(props['data-row-key'] ?? '');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 10, background: '#fafafa' } : {}),
  };
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowHandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </RowHandleContext.Provider>
  );
}

type ListProps = {
  ids: readonly (string | number)[];
  /** From one index to another, as the user dropped it. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
};

/** The drag-and-drop context of a list of sortable rows (pointer and keyboard). */
export function SortableRows({ ids, onMove, children }: ListProps) {
  const items = ids.map(String);
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a click on the grip stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.indexOf(String(active.id));
    const to = items.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
