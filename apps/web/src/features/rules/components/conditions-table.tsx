import { DeleteOutlined } from '@ant-design/icons';
import {
  FILTER_OPERATOR_LABELS,
  RULE_CONDITION_TYPES,
  type RuleConditionType,
  type RuleType,
  TOLERANCE_TYPES,
  type ToleranceType,
  VALUELESS_OPERATORS,
} from '@recon/contract';
import type { FilterOperator } from '@recon/contract/constants';
import {
  Button,
  Checkbox,
  Flex,
  Input,
  InputNumber,
  Segmented,
  Select,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { ElementEditor } from '@/features/rules/components/element-editor';
import {
  type ConditionRow,
  elementKind,
  operatorsFor,
  type Sides,
  sideOf,
  switchType,
  takesTolerance,
} from '@/features/rules/condition-rows';

type Props = {
  rows: readonly ConditionRow[];
  sides: Sides;
  ruleType?: RuleType;
  isReadOnly?: boolean;
  /** The row a refusal names: outlined until it changes. */
  problemKey?: string | null;
  onChange: (key: string, next: ConditionRow) => void;
  onRemove: (key: string) => void;
};

const isValueless = (op: string) => (VALUELESS_OPERATORS as readonly string[]).includes(op);
const isGroupBy = (row: ConditionRow) => row.ruleConditionType === 'GROUP_BY';
const TYPE_COLOURS: Record<RuleConditionType, string> = { MATCHING: 'geekblue', FILTER: 'cyan', GROUP_BY: 'purple' };

type HintKey = 'listHint' | 'betweenHint' | 'dateBetweenHint' | 'dateHint' | 'numberHint' | 'textHint';

/** The example a value input shows for its operator and kind. */
function valueHint(op: FilterOperator, kind: string | null): HintKey {
  if (op === 'IN' || op === 'NOT_IN') return 'listHint';
  if (op === 'BETWEEN' || op === 'NOT_BETWEEN') return kind === 'date' ? 'dateBetweenHint' : 'betweenHint';
  if (kind === 'date') return 'dateHint';
  if (kind === 'number') return 'numberHint';
  return 'textHint';
}

/**
 * Column widths that fit the conditions card at 1440 px with the sidebar open (about 1090 px): wider, the table
 * scrolls and cuts the tolerance's "Amount / %" select and the remove button off the right edge.
 */
const WIDTH = { sequence: 40, condition: 132, element: 240, operator: 124, tolerance: 250, remove: 44 } as const;
const TABLE_WIDTH =
  WIDTH.sequence + WIDTH.condition + 2 * WIDTH.element + WIDTH.operator + WIDTH.tolerance + WIDTH.remove;

/**
 * The conditions of a rule, one row each in their order. Every enabled condition must hold (AND). Each row is
 * edited in place; a change of type or primary flag moves it to its place in the order.
 */
export function ConditionsTable({ rows, sides, ruleType, isReadOnly, problemKey, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const nameOf = (row: ConditionRow, part: string) => t('rules.conditionPart', { n: row.sequence, part });

  const conditionCell = (row: ConditionRow) => {
    const typeLabel = t(`rules.conditionTypes.${row.ruleConditionType}`);
    if (isReadOnly) {
      return (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={TYPE_COLOURS[row.ruleConditionType]} style={{ marginInlineEnd: 0 }}>
            {typeLabel}
          </Tag>
          {row.ruleConditionType === 'FILTER' && (
            <Typography.Text type="secondary">
              {row.primaryCondition ? t('rules.primary') : t('rules.secondary')}
            </Typography.Text>
          )}
          {!row.conditionEnable && <Tag style={{ marginInlineEnd: 0 }}>{t('rules.off')}</Tag>}
        </Flex>
      );
    }
    return (
      <Flex vertical gap={6} align="flex-start">
        <Select<RuleConditionType>
          aria-label={nameOf(row, t('rules.conditionType'))}
          style={{ width: 118 }}
          value={row.ruleConditionType}
          options={RULE_CONDITION_TYPES.map((c) => ({ value: c, label: t(`rules.conditionTypes.${c}`) }))}
          onChange={(type) => onChange(row.key, switchType(row, type, sides, ruleType, rows))}
        />
        {row.ruleConditionType === 'FILTER' && (
          <Tooltip title={t('rules.primaryHelp')}>
            <Checkbox
              aria-label={nameOf(row, t('rules.primary'))}
              checked={row.primaryCondition}
              onChange={(e) =>
                onChange(row.key, {
                  ...row,
                  primaryCondition: e.target.checked,
                  elementSecond: e.target.checked
                    ? { valueType: 'CONSTANT', value: '', transforms: [], aggregation: null }
                    : row.elementSecond,
                })
              }
            >
              {t('rules.primary')}
            </Checkbox>
          </Tooltip>
        )}
        <Switch
          size="small"
          aria-label={nameOf(row, t('rules.enabled'))}
          checked={row.conditionEnable}
          checkedChildren={t('rules.on')}
          unCheckedChildren={t('rules.off')}
          onChange={(conditionEnable) => onChange(row.key, { ...row, conditionEnable })}
        />
      </Flex>
    );
  };

  /** A Group by reads as a sentence where element two would be: "Group B by settlement_id". */
  const groupByCell = (row: ConditionRow) => {
    const side = sideOf(sides, row.elementOne.dataSourceId);
    const text =
      side && row.elementOne.columnName
        ? t('rules.groupByText', { side: side.side, column: row.elementOne.columnName })
        : t('rules.groupByNoColumn');
    return (
      <Tooltip title={t('rules.groupByHelp')}>
        <Typography.Text type="secondary">{text}</Typography.Text>
      </Tooltip>
    );
  };

  const secondCell = (row: ConditionRow) => {
    if (isGroupBy(row)) return groupByCell(row);
    const kindOne = elementKind(row.elementOne, sides);
    if (isValueless(row.operator)) return <Typography.Text type="secondary">{t('rules.noValue')}</Typography.Text>;
    const isColumn = row.elementSecond.valueType === 'COLUMN';
    const isMatching = row.ruleConditionType === 'MATCHING';
    const element = (
      <ElementEditor
        element={row.elementSecond}
        sides={sides}
        label={nameOf(row, t('rules.elementTwo'))}
        canAggregate={isMatching}
        isReadOnly={isReadOnly}
        onChange={(elementSecond) => onChange(row.key, { ...row, elementSecond })}
      />
    );
    if (isMatching) return element;
    const value = isReadOnly ? (
      <Typography.Text code>{row.elementSecond.value || '—'}</Typography.Text>
    ) : (
      <Input
        aria-label={nameOf(row, t('rules.value'))}
        value={row.elementSecond.value ?? ''}
        placeholder={t(`rules.${valueHint(row.operator, kindOne)}`)}
        onChange={(e) => onChange(row.key, { ...row, elementSecond: { ...row.elementSecond, value: e.target.value } })}
      />
    );
    // A primary filter selects rows of one side by a value; a secondary one may compare with the other side.
    if (row.primaryCondition || isReadOnly) return isColumn ? element : value;
    return (
      <Flex vertical gap={6}>
        <Segmented<'CONSTANT' | 'COLUMN'>
          size="small"
          aria-label={nameOf(row, t('rules.compareWith'))}
          value={row.elementSecond.valueType}
          options={[
            { value: 'CONSTANT', label: t('rules.valueTypes.CONSTANT') },
            { value: 'COLUMN', label: t('rules.valueTypes.COLUMN') },
          ]}
          onChange={(valueType) =>
            onChange(row.key, {
              ...row,
              elementSecond:
                valueType === 'COLUMN'
                  ? {
                      valueType,
                      dataSourceId: sides.b?.dataSourceId ?? null,
                      columnName: null,
                      transforms: [],
                      aggregation: null,
                    }
                  : { valueType, value: '', transforms: [], aggregation: null },
            })
          }
        />
        {isColumn ? element : value}
      </Flex>
    );
  };

  const toleranceCell = (row: ConditionRow) => {
    const kindOne = elementKind(row.elementOne, sides);
    const isPercent = row.toleranceType === 'PERCENT';
    const unit = kindOne === 'date' ? t('rules.days') : isPercent ? '%' : '';
    if (isReadOnly || !takesTolerance(row, kindOne)) {
      if (row.tolerance === null || row.tolerance === undefined) {
        return <Typography.Text type="secondary">—</Typography.Text>;
      }
      return `± ${row.tolerance}${unit ? ` ${unit}` : ''}`;
    }
    const hasTypeSelect = kindOne === 'number' || isPercent;
    const amount = (
      <InputNumber
        aria-label={nameOf(row, t('rules.tolerance'))}
        style={{ width: '100%' }}
        min={0}
        step={kindOne === 'date' ? 1 : 0.01}
        placeholder={t('rules.exact')}
        prefix="±"
        suffix={unit || undefined}
        value={row.tolerance ?? null}
        onChange={(v) => onChange(row.key, { ...row, tolerance: typeof v === 'number' ? v : null })}
      />
    );
    // Amount or percentage of element one: for amounts (shown on dates too while set, so the refusal can be fixed).
    if (!hasTypeSelect) return amount;
    // The Amount / % select under the input, both the cell's width: side by side the input was cut to "± E…".
    return (
      <Flex vertical gap={4}>
        {amount}
        <Tooltip title={t('rules.toleranceTypeHelp')}>
          <Select<ToleranceType>
            aria-label={nameOf(row, t('rules.toleranceType'))}
            style={{ width: '100%' }}
            value={row.toleranceType ?? 'AMOUNT'}
            popupMatchSelectWidth={false}
            options={TOLERANCE_TYPES.map((v) => ({ value: v, label: t(`rules.toleranceTypes.${v}`) }))}
            onChange={(toleranceType) => onChange(row.key, { ...row, toleranceType })}
          />
        </Tooltip>
      </Flex>
    );
  };

  return (
    <Table<ConditionRow>
      rowKey="key"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      locale={{ emptyText: t('rules.noConditions') }}
      scroll={{ x: TABLE_WIDTH }}
      rowClassName={(row) => (row.key === problemKey ? 'rule-condition-problem' : '')}
      onRow={(row) => ({
        style: {
          ...(row.key === problemKey ? { outline: '2px solid #ff4d4f', outlineOffset: -2 } : {}),
          ...(row.conditionEnable ? {} : { opacity: 0.6 }),
        },
      })}
      columns={[
        { title: '#', dataIndex: 'sequence', key: 'sequence', width: WIDTH.sequence, align: 'right' },
        { title: t('rules.condition'), key: 'type', width: WIDTH.condition, render: (_, row) => conditionCell(row) },
        {
          title: t('rules.elementOne'),
          key: 'one',
          width: WIDTH.element,
          render: (_, row) => (
            <ElementEditor
              element={row.elementOne}
              sides={sides}
              label={nameOf(row, t('rules.elementOne'))}
              canAggregate={row.ruleConditionType === 'MATCHING'}
              isReadOnly={isReadOnly}
              onChange={(elementOne) => onChange(row.key, { ...row, elementOne })}
            />
          ),
        },
        {
          title: t('rules.operator'),
          key: 'operator',
          width: WIDTH.operator,
          render: (_, row) =>
            isGroupBy(row) ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : isReadOnly ? (
              FILTER_OPERATOR_LABELS[row.operator]
            ) : (
              <Select<FilterOperator>
                aria-label={nameOf(row, t('rules.operator'))}
                style={{ width: '100%' }}
                value={row.operator}
                popupMatchSelectWidth={false}
                options={operatorsFor(row).map((o) => ({ value: o, label: FILTER_OPERATOR_LABELS[o] }))}
                onChange={(operator) =>
                  onChange(row.key, { ...row, operator, tolerance: operator === 'EQUAL' ? row.tolerance : null })
                }
              />
            ),
        },
        { title: t('rules.elementTwo'), key: 'two', width: WIDTH.element, render: (_, row) => secondCell(row) },
        {
          title: t('rules.tolerance'),
          key: 'tolerance',
          width: WIDTH.tolerance,
          render: (_, row) => toleranceCell(row),
        },
        ...(isReadOnly
          ? []
          : [
              {
                title: '',
                key: 'remove',
                width: WIDTH.remove,
                render: (_: unknown, row: ConditionRow) => (
                  <Tooltip title={t('rules.removeCondition', { n: row.sequence })}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('rules.removeCondition', { n: row.sequence })}
                      onClick={() => onRemove(row.key)}
                    />
                  </Tooltip>
                ),
              },
            ]),
      ]}
    />
  );
}
