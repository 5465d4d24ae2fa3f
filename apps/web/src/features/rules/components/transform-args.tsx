import {
  type RuleTransform,
  TRANSFORM_CATALOGUE,
  type TransformArgs,
  type TransformArgument,
  transformedKind,
  type ValueKind,
} from '@recon/contract';
import { Flex, Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppSelect } from '@/ui/app-select';

/** A column of the element's own data source, with the kind of its values. */
export type OwnColumn = { name: string; kind: ValueKind };

export type TransformDraft = { type: RuleTransform; argument: number | null; args: TransformArgs };

/**
 * The problem with a transform being added, in the words the server would use (the contract's checks on the
 * element's own columns), or null. `kind`: the value it gets; unknown while the element has no column.
 */
export function draftProblem(draft: TransformDraft, kind: ValueKind | null, columns: readonly OwnColumn[]) {
  const start = kind ?? TRANSFORM_CATALOGUE[draft.type].input[0] ?? 'text';
  const result = transformedKind([draft], start, new Map(columns.map((c) => [c.name, c.kind])));
  return 'problem' in result ? result.problem : null;
}

type Props = {
  draft: TransformDraft;
  columns: readonly OwnColumn[];
  /** The kind of value the transform gets (Date's pattern reads text only). */
  kind: ValueKind | null;
  onChange: (next: TransformDraft) => void;
};

/** The inputs a transform takes, as its catalogue entry describes them, with its help line. */
export function TransformArgumentInputs({ draft, columns, kind, onChange }: Props) {
  const { t } = useTranslation();
  const spec = TRANSFORM_CATALOGUE[draft.type];
  const args = draft.type === 'DATE' && kind !== null && kind !== 'text' ? [] : spec.args;
  const setArg = (name: string, value: string | number | null) =>
    onChange({ ...draft, args: { ...draft.args, [name]: value } });

  const input = (arg: TransformArgument) => {
    const value = draft.args[arg.name];
    const placeholder = arg.placeholder ?? (arg.defaultValue !== undefined ? String(arg.defaultValue) : undefined);
    if (arg.kind === 'integer') {
      return (
        <InputNumber
          aria-label={arg.label}
          size="small"
          style={{ width: 90 }}
          min={arg.min}
          max={arg.max}
          precision={0}
          placeholder={placeholder}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => setArg(arg.name, typeof v === 'number' ? v : null)}
        />
      );
    }
    if (arg.kind === 'column') {
      return (
        <AppSelect<string>
          aria-label={arg.label}
          size="small"
          style={{ width: 150 }}
          placeholder={t('rules.column')}
          popupMatchSelectWidth={false}
          value={typeof value === 'string' ? value : undefined}
          options={columns
            .filter((c) => !arg.columnKinds || arg.columnKinds.includes(c.kind))
            .map((c) => ({ value: c.name, label: c.name }))}
          onChange={(v) => setArg(arg.name, v ?? null)}
        />
      );
    }
    return (
      <Input
        aria-label={arg.label}
        size="small"
        style={{ width: arg.kind === 'char' ? 60 : arg.kind === 'regex' ? 260 : 140, fontFamily: 'monospace' }}
        maxLength={arg.kind === 'char' ? 1 : arg.max}
        placeholder={placeholder}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => setArg(arg.name, e.target.value)}
      />
    );
  };

  return (
    <Flex vertical gap={6}>
      {spec.numberArgument && (
        <Flex gap={6} align="center">
          <Typography.Text type="secondary">{spec.numberArgument.label}</Typography.Text>
          <InputNumber
            aria-label={t('rules.transformArgument')}
            size="small"
            style={{ width: 90 }}
            placeholder={draft.type === 'ROUND' ? t('rules.places') : t('rules.number')}
            value={draft.argument}
            onChange={(v) => onChange({ ...draft, argument: typeof v === 'number' ? v : null })}
          />
        </Flex>
      )}
      {args.map((arg) => (
        <Flex key={arg.name} gap={6} align="center">
          <Typography.Text type="secondary" style={{ minWidth: 96 }}>
            {arg.label}
            {arg.isRequired ? '' : ` (${t('rules.optional')})`}
          </Typography.Text>
          {input(arg)}
        </Flex>
      ))}
      <Typography.Text type="secondary" style={{ maxWidth: 360, fontSize: 12 }}>
        {spec.help}
      </Typography.Text>
    </Flex>
  );
}
