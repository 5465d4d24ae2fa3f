import { PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityListHeading, ActivityRow, FieldProblem } from '@/features/jobs/components/activity-row';
import { ConfigurePipelineDrawer } from '@/features/jobs/components/configure-pipeline-drawer';
import { type ActivityDraft, moveActivity, newActivity, renumber } from '@/features/jobs/job-draft';
import { EmptyState } from '@/ui/empty-state';

type Props = {
  activities: readonly ActivityDraft[];
  onChange: (next: ActivityDraft[]) => void;
  /** The check's message for the list as a whole (no activity yet), shown under it. */
  listProblem?: string | undefined;
  /** The check's message per activity key, shown on its row. */
  rowProblems?: Readonly<Record<string, string>> | undefined;
};

/** A pointer must move this far before a press on the handle becomes a drag. */
const DRAG_START_DISTANCE_PX = 4;

/** The job's activities in run order: drag to reorder, add, delete, enable; sequences renumber from 1. */
export function ActivityList({ activities, onChange, listProblem, rowProblems }: Props) {
  const { t } = useTranslation();
  const [configuringKey, setConfiguringKey] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: DRAG_START_DISTANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const configuring = activities.find((a) => a.key === configuringKey) ?? null;

  const replace = (next: ActivityDraft) => onChange(activities.map((a) => (a.key === next.key ? next : a)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveActivity(activities, String(active.id), String(over.id)));
  };

  return (
    <>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={activities.map((a) => a.key)} strategy={verticalListSortingStrategy}>
          <Flex vertical gap={8}>
            {activities.length === 0 ? <EmptyState /> : <ActivityListHeading />}
            {activities.map((activity) => (
              <ActivityRow
                key={activity.key}
                activity={activity}
                onChange={replace}
                onRemove={() => onChange(renumber(activities.filter((a) => a.key !== activity.key)))}
                onConfigure={() => setConfiguringKey(activity.key)}
                problem={rowProblems?.[activity.key]}
              />
            ))}
          </Flex>
        </SortableContext>
      </DndContext>
      <Button
        type="dashed"
        danger={!!listProblem}
        icon={<PlusOutlined />}
        block
        style={{ marginTop: 12 }}
        onClick={() => onChange([...activities, newActivity(activities.length + 1)])}
      >
        {t('jobs.editor.addActivity')}
      </Button>
      {listProblem && <FieldProblem>{listProblem}</FieldProblem>}
      <ConfigurePipelineDrawer activity={configuring} onApply={replace} onClose={() => setConfiguringKey(null)} />
    </>
  );
}
