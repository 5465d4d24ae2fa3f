import {
  aggregationsFor,
  RULE_AGGREGATION_LABELS,
  type RuleAggregation,
  type RuleElement,
  type ValueKind,
  valueKindOf,
} from '@recon/contract';
import { Flex, Radio, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TransformTags, transformText } from '@/features/rules/components/transform-tags';
import { elementKind, type Sides, sideOf } from '@/features/rules/condition-rows';
import { AppSelect } from '@/ui/app-select';

type Props = {
  element: RuleElement;
  sides: Sides;
  /** "Condition 2 element one": prefixes the accessible names of the element's inputs. */
  label: string;
  /** Aggregates are offered (matching conditions): Sum / Average for numbers, Minimum / Maximum for numbers and dates. */
  canAggregate: boolean;
  isReadOnly?: boolean;
  onChange: (next: RuleElement) => void;
};

const KIND_COLOURS: Record<ValueKind, string> = { number: 'gold', text: 'default', date: 'purple' };

/** The kind a value has, as a small tag (what the next transform, the operator and the other side must fit). */
export function KindTag({ kind }: { kind: ValueKind | null }) {
  const { t } = useTranslation();
  if (!kind) return null;
  return (
    <Tag color={KIND_COLOURS[kind]} style={{ marginInlineEnd: 0 }}>
      {t(`rules.kinds.${kind}`)}
    </Tag>
  );
}

/** A column element: data source (side A or B), column with its type, transforms, and Sum / Average. */
export function ElementEditor({ element, sides, label, canAggregate, isReadOnly, onChange }: Props) {
  const { t } = useTranslation();
  const side = sideOf(sides, element.dataSourceId);
  const kind = elementKind(element, sides);
  const baseType = side?.elements.find((e) => e.name === element.columnName)?.type;
  const columnKind = baseType ? valueKindOf(baseType) : null;
  // Two sides only: a letter each (the card's title names them), the name on hover.
  const sideOptions = [sides.a, sides.b].flatMap((s) =>
    s ? [{ value: s.dataSourceId, label: s.side, title: `${t('rules.sideOf', { side: s.side, name: s.name })}` }] : [],
  );

  if (isReadOnly) {
    return (
      <Flex vertical gap={4}>
        <Flex gap={6} align="baseline" wrap>
          {side && (
            <Tooltip title={side.name}>
              <Tag color={side.side === 'A' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
                {side.side}
              </Tag>
            </Tooltip>
          )}
          <Typography.Text strong>{element.columnName ?? '—'}</Typography.Text>
          {baseType && <Typography.Text type="secondary">{baseType}</Typography.Text>}
        </Flex>
        {(element.transforms.length > 0 || element.aggregation) && (
          <Flex wrap gap={4}>
            {element.transforms.map((tr, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a transform's place in the chain is its identity
              <Tag key={i} color="blue" style={{ marginInlineEnd: 0 }}>
                {transformText(tr)}
              </Tag>
            ))}
            {element.aggregation && (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                {RULE_AGGREGATION_LABELS[element.aggregation]}
              </Tag>
            )}
          </Flex>
        )}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={6}>
      <Flex gap={6}>
        <Radio.Group
          aria-label={`${label} ${t('rules.dataSource')}`}
          size="middle"
          optionType="button"
          buttonStyle="solid"
          style={{ flex: 'none' }}
          value={element.dataSourceId ?? undefined}
          options={sideOptions}
          onChange={(e) =>
            onChange({ ...element, dataSourceId: e.target.value as number, columnName: null, transforms: [] })
          }
        />
        <AppSelect<string>
          aria-label={`${label} ${t('rules.column')}`}
          style={{ flex: 1, minWidth: 150 }}
          value={element.columnName ?? undefined}
          placeholder={t('rules.column')}
          disabled={!side}
          popupMatchSelectWidth={false}
          options={(side?.elements ?? []).map((e) => ({ value: e.name, label: e.name, type: e.type }))}
          optionRender={(option) => (
            <Flex justify="space-between" gap={16}>
              <span>{option.label}</span>
              <Typography.Text type="secondary">{String(option.data.type ?? '')}</Typography.Text>
            </Flex>
          )}
          onChange={(columnName) => onChange({ ...element, columnName, transforms: [], aggregation: null })}
        />
      </Flex>
      <Flex wrap gap={6} align="center">
        <KindTag kind={columnKind} />
        <TransformTags
          label={label}
          transforms={element.transforms}
          kind={kind}
          columns={(side?.elements ?? []).map((e) => ({ name: e.name, kind: valueKindOf(e.type) }))}
          onChange={(transforms) => onChange({ ...element, transforms })}
        />
        {canAggregate && aggregationsFor(kind).length > 0 && (
          <Select<RuleAggregation>
            aria-label={`${label} ${t('rules.aggregation')}`}
            size="small"
            style={{ width: 130 }}
            allowClear
            placeholder={t('rules.sumOrAverage')}
            value={element.aggregation ?? undefined}
            popupMatchSelectWidth={false}
            options={aggregationsFor(kind).map((a) => ({ value: a, label: RULE_AGGREGATION_LABELS[a] }))}
            onChange={(a) => onChange({ ...element, aggregation: a ?? null })}
          />
        )}
      </Flex>
    </Flex>
  );
}
