import { DATA_TYPES, type DataType, MAX_TEXT_LENGTH } from '@recon/contract';
import { Checkbox, Form, type FormItemProps, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMoneyType, maxLengthProblem } from '@/features/data-tables/column-rules';
import { blockNonDigitKeys } from '@/features/data-tables/numeric-keys';
import { AppSelect } from '@/ui/app-select';

const DATA_TYPE_OPTIONS = DATA_TYPES.map((t) => ({ value: t, label: t }));

type CellProps = {
  /** The row's name path inside the form, e.g. ['columns', 2] or [] for a form holding one column. */
  path: (string | number)[];
  label: string;
};

/** Data type select; choosing a type resets the flags that do not apply to it (money, maximum length). */
export function DataTypeCell({ path, label, onTypeChange }: CellProps & { onTypeChange: (type: DataType) => void }) {
  return (
    <Form.Item name={[...path, 'dataType']} style={{ marginBottom: 0 }}>
      <AppSelect<DataType>
        aria-label={label}
        allowClear={false}
        options={DATA_TYPE_OPTIONS}
        onChange={(type) => onTypeChange(type)}
        style={{ minWidth: 130 }}
      />
    </Form.Item>
  );
}

export function MoneyCell({ path, label, type }: CellProps & { type: DataType | undefined }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={[...path, 'isMoney']} valuePropName="checked" style={{ marginBottom: 0 }}>
      <Checkbox aria-label={label} disabled={!isMoneyType(type)}>
        {t('opsConfig.dataTables.money')}
      </Checkbox>
    </Form.Item>
  );
}

export function MaxLengthCell({ path, label, type }: CellProps & { type: DataType | undefined }) {
  const { t } = useTranslation();
  const isVarchar = type === 'VARCHAR';
  return (
    <Form.Item
      name={[...path, 'maxLength']}
      style={{ marginBottom: 0 }}
      rules={[
        {
          validator: async (_, value: number | null | undefined) => {
            const problem = maxLengthProblem(value);
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      <InputNumber<number>
        aria-label={label}
        min={1}
        max={MAX_TEXT_LENGTH}
        precision={0}
        disabled={!isVarchar}
        placeholder={isVarchar ? t('opsConfig.dataTables.noLimit') : '—'}
        onKeyDown={blockNonDigitKeys}
        style={{ width: 130 }}
      />
    </Form.Item>
  );
}

export function ColumnNameCell({
  path,
  label,
  validate,
  dependencies,
}: CellProps & { validate: () => string | null; dependencies?: FormItemProps['dependencies'] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={[...path, 'name']}
      style={{ marginBottom: 0 }}
      dependencies={dependencies}
      rules={[
        {
          validator: async () => {
            const problem = validate();
            if (problem) throw new Error(problem);
          },
        },
      ]}
    >
      <Input aria-label={label} placeholder={t('opsConfig.dataTables.columnNameHint')} autoComplete="off" />
    </Form.Item>
  );
}
