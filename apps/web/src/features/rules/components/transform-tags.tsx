import { PlusOutlined } from '@ant-design/icons';
import {
  RULE_TRANSFORM_LABELS,
  type RuleElement,
  type RuleTransform,
  TRANSFORMS_WITH_ARGUMENT,
  type ValueKind,
} from '@recon/contract';
import { Button, Flex, InputNumber, Popover, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { transformsFor } from '@/features/rules/condition-rows';
import { AppSelect } from '@/ui/app-select';

type Transform = RuleElement['transforms'][number];

/** "Add 5", "Round 2", "Trim": a transform as its tag reads. */
export function transformText(t: Transform): string {
  const label = RULE_TRANSFORM_LABELS[t.type];
  return t.argument === null || t.argument === undefined ? label : `${label} ${t.argument}`;
}

type Props = {
  transforms: readonly Transform[];
  /** The kind of the value the next transform would take (unknown: every transform is offered). */
  kind: ValueKind | null;
  label: string;
  isReadOnly?: boolean;
  onChange: (next: Transform[]) => void;
};

/** An element's transforms as a chain of tags, applied left to right; a new one is added at the end. */
export function TransformTags({ transforms, kind, label, isReadOnly, onChange }: Props) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [type, setType] = useState<RuleTransform | undefined>();
  const [argument, setArgument] = useState<number | null>(null);
  const needsArgument = type !== undefined && TRANSFORMS_WITH_ARGUMENT.includes(type);

  const add = () => {
    if (!type) return;
    onChange([...transforms, { type, argument: needsArgument ? argument : null }]);
    setIsOpen(false);
    setType(undefined);
    setArgument(null);
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
          onOpenChange={setIsOpen}
          placement="bottomLeft"
          content={
            <Flex gap={8} align="center">
              <AppSelect<RuleTransform>
                aria-label={t('rules.transformOf', { element: label })}
                style={{ width: 140 }}
                size="small"
                placeholder={t('rules.transform')}
                value={type}
                onChange={setType}
                options={transformsFor(kind).map((tr) => ({ value: tr, label: RULE_TRANSFORM_LABELS[tr] }))}
              />
              {needsArgument && (
                <InputNumber
                  aria-label={t('rules.transformArgument')}
                  size="small"
                  style={{ width: 90 }}
                  placeholder={type === 'ROUND' ? t('rules.places') : t('rules.number')}
                  value={argument}
                  onChange={(v) => setArgument(typeof v === 'number' ? v : null)}
                />
              )}
              <Button
                size="small"
                type="primary"
                disabled={!type || (needsArgument && argument === null)}
                onClick={add}
              >
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
