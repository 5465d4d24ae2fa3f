import { PlusOutlined } from '@ant-design/icons';
import {
  describeTransform,
  RULE_TRANSFORM_LABELS,
  type RuleElement,
  type RuleTransform,
  type ValueKind,
} from '@recon/contract';
import { Button, Flex, Popover, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  draftProblem,
  type OwnColumn,
  TransformArgumentInputs,
  type TransformDraft,
} from '@/features/rules/components/transform-args';
import { transformsFor } from '@/features/rules/condition-rows';
import { AppSelect } from '@/ui/app-select';

type Transform = RuleElement['transforms'][number];

/** "Add 5", "Round 2", "Extract NEFT-([A-Z0-9]+)- group 1": a transform as its tag reads. */
export function transformText(t: Transform): string {
  return describeTransform({ ...t, args: t.args ?? undefined });
}

type Props = {
  transforms: readonly Transform[];
  /** The kind of the value the next transform would take (unknown: every transform is offered). */
  kind: ValueKind | null;
  label: string;
  /** The columns of the element's own data source: what Concat, Plus column and Minus column may take. */
  columns: readonly OwnColumn[];
  isReadOnly?: boolean;
  onChange: (next: Transform[]) => void;
};

/** An element's transforms as a chain of tags, applied left to right; a new one is added at the end. */
export function TransformTags({ transforms, kind, label, columns, isReadOnly, onChange }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<TransformDraft | null>(null);
  const [hasTriedAdd, setHasTriedAdd] = useState(false);
  const problem = draft ? draftProblem(draft, kind, columns) : null;

  const reset = () => {
    setDraft(null);
    setHasTriedAdd(false);
  };
  const choose = (type: RuleTransform) => {
    setDraft({ type, argument: null, args: {} });
    setHasTriedAdd(false);
  };
  const add = () => {
    if (!draft) return;
    setHasTriedAdd(true);
    if (problem) return;
    const args = Object.fromEntries(Object.entries(draft.args).filter(([, v]) => v !== null && v !== ''));
    const next: Transform = { type: draft.type, argument: draft.argument };
    onChange([...transforms, Object.keys(args).length ? { ...next, args } : next]);
    setIsOpen(false);
    reset();
  };

  return (
    <Flex wrap gap={4} align="center">
      {transforms.map((tr, i) => (
        <Tag
          // Transforms repeat (Trim twice is allowed) and have no id: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          color="blue"
          closable={!isReadOnly}
          style={{ marginInlineEnd: 0 }}
          onClose={(e) => {
            e.preventDefault();
            onChange(transforms.filter((_, j) => j !== i));
          }}
        >
          {transformText(tr)}
        </Tag>
      ))}
      {!isReadOnly && (
        <Popover
          trigger="click"
          open={isOpen}
          onOpenChange={(open) => {
            setIsOpen(open);
            if (!open) reset();
          }}
          placement="bottomLeft"
          content={
            <Flex vertical gap={8} style={{ maxWidth: 380 }}>
              <AppSelect<RuleTransform>
                aria-label={t('rules.transformOf', { element: label })}
                style={{ width: 200 }}
                size="small"
                placeholder={t('rules.transform')}
                value={draft?.type}
                onChange={choose}
                options={transformsFor(kind).map((tr) => ({ value: tr, label: RULE_TRANSFORM_LABELS[tr] }))}
              />
              {draft && <TransformArgumentInputs draft={draft} columns={columns} kind={kind} onChange={setDraft} />}
              {hasTriedAdd && problem && (
                <Typography.Text type="danger" role="alert">
                  {problem}
                </Typography.Text>
              )}
              <Button size="small" type="primary" disabled={!draft} onClick={add} style={{ alignSelf: 'flex-start' }}>
                {t('rules.add')}
              </Button>
            </Flex>
          }
        >
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={t('rules.addTransformTo', { element: label })}
          >
            {t('rules.transform')}
          </Button>
        </Popover>
      )}
    </Flex>
  );
}
