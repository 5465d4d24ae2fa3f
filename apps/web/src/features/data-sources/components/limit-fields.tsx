import { COUNT_METHODS, type CountMethod } from '@recon/contract';
import { Col, Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataSourceValues, LIMIT_LABELS, limitProblem } from '@/features/data-sources/data-source-values';
import { limitKeyFilter } from '@/features/data-sources/numeric-keys';
import { AppSelect } from '@/ui/app-select';

type Props = {
  form: FormInstance<DataSourceValues>;
  limit: 'maxDuplicateRecord' | 'maxInvalidRecord';
  method: 'maxDuplicateRecordCountMethod' | 'maxInvalidRecordCountMethod';
  limitLabel: string;
  methodLabel: string;
  isReadOnly?: boolean;
};

/**
 * A limit and its count method. A count is a whole number of records (the point is blocked); a percentage
 * may have decimals and is at most 100.
 */
export function LimitFields({ form, limit, method, limitLabel, methodLabel, isReadOnly }: Props) {
  const { t } = useTranslation();
  const chosen = Form.useWatch(method, form) as CountMethod | undefined;
  const isPercentage = chosen === 'PERCENTAGE';

  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name={limit}
          label={limitLabel}
          required
          validateTrigger="onBlur"
          dependencies={[method]}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = limitProblem(value, form.getFieldValue(method), LIMIT_LABELS[limit]);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input
            inputMode={isPercentage ? 'decimal' : 'numeric'}
            autoComplete="off"
            maxLength={21}
            // Always a suffix: adding one later would remount the input and lose what is being typed.
            suffix={<span style={{ minWidth: 12 }}>{isPercentage ? '%' : ''}</span>}
            onKeyDown={limitKeyFilter(isPercentage)}
            disabled={isReadOnly}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name={method} label={methodLabel}>
          <AppSelect<CountMethod>
            options={COUNT_METHODS.map((m) => ({ value: m, label: t(`opsConfig.dataSources.countMethods.${m}`) }))}
            disabled={isReadOnly}
          />
        </Form.Item>
      </Col>
    </>
  );
}
