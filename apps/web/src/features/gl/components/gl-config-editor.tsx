import {
  columnHeading,
  type FilterValueKind,
  filterArity,
  filterValueMessage,
  filterValuesProblem,
  type GlConfig,
  type GlConfigSave,
  type GlDataSources,
} from '@recon/contract';
import { FILTER_OPERATORS } from '@recon/contract/constants';
import { Button, Card, Col, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useGlDataSources, useSaveGlConfig } from '@/features/gl/api/gl-api';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

type FilterValues = { field?: string; operator?: string; values?: string };
type SourceValues = { dataSourceId?: number; amountColumn?: string; filters?: FilterValues[] };
type ItemValues = { id?: number; name?: string; side?: 'DEBIT' | 'CREDIT'; sign?: 1 | -1; sources?: SourceValues[] };
type Values = { glName?: string; ageingBuckets?: string; items?: ItemValues[] };

const NO_VALUE = new Set(['IS_NULL', 'IS_NOT_NULL']);

function toValues(config: GlConfig | null): Values {
  if (!config)
    return { glName: '', ageingBuckets: '7, 15, 30, 60, 90', items: [{ side: 'DEBIT', sign: 1, sources: [{}] }] };
  return {
    glName: config.glName,
    ageingBuckets: config.ageingBuckets.join(', '),
    items: config.items.map((i) => ({
      id: i.id,
      name: i.name,
      side: i.side,
      sign: i.sign === -1 ? -1 : 1,
      sources: i.sources.map((s) => ({
        dataSourceId: s.dataSourceId,
        amountColumn: s.amountColumn,
        filters: s.filters.map((f) => ({ field: f.field, operator: f.operator, values: f.values.join(', ') })),
      })),
    })),
  };
}

function toBody(v: Values): GlConfigSave {
  const buckets = (v.ageingBuckets ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .map(Number);
  return {
    glName: v.glName ?? '',
    ageingBuckets: buckets,
    items: (v.items ?? []).map((i) => ({
      id: i.id ?? null,
      name: i.name ?? '',
      side: i.side ?? 'DEBIT',
      sign: i.sign ?? 1,
      sources: (i.sources ?? [])
        .filter((s) => s.dataSourceId)
        .map((s) => ({
          dataSourceId: s.dataSourceId as number,
          amountColumn: s.amountColumn ?? '',
          filters: (s.filters ?? [])
            .filter((f) => f.field && f.operator)
            .map((f) => ({
              field: f.field as string,
              operator: f.operator as GlConfigSave['items'][number]['sources'][number]['filters'][number]['operator'],
              values: NO_VALUE.has(f.operator as string)
                ? []
                : (f.values ?? '')
                    .split(',')
                    .map((x) => x.trim())
                    .filter((x) => x !== ''),
            })),
        })),
    })),
  };
}

type SourceOption = GlDataSources['data'][number];

function onlyAmountOf(sources: SourceOption[], id: number): string | undefined {
  const amounts = sources.find((s) => s.dataSourceId === id)?.columns.filter((c) => c.isAmount) ?? [];
  return amounts.length === 1 ? amounts[0]?.name : undefined;
}

/** A column's values as the server's filter reader compares them (numbers, days, date-times, text). */
function kindOf(column: SourceOption['columns'][number] | undefined): FilterValueKind {
  if (!column) return 'text';
  if (column.isAmount) return 'number';
  if (column.dataType === 'DATE') return 'date';
  if (column.dataType === 'DATETIME') return 'timestamp';
  return 'text';
}

/**
 * What the server would say of a filter row, before saving: its values read as the server reads them (one value,
 * two for BETWEEN, a comma-separated list for IN) and checked by the same check, with the same message.
 */
export function filterRowProblem(source: SourceOption | undefined, f: FilterValues): string | null {
  if (!source || !f.field || !f.operator) return null;
  const arity = filterArity(f.operator);
  const text = (f.values ?? '').trim();
  const values = arity === 'none' ? [] : arity === 'one' ? [text] : text.split(',').map((v) => v.trim());
  const column = source.columns.find((c) => c.name === f.field);
  const problem = filterValuesProblem(kindOf(column), f.operator, values);
  return problem ? filterValueMessage(f.field, problem) : null;
}

function SourceFields({ name, sources, itemName }: { name: number; sources: SourceOption[]; itemName: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const picked = Form.useWatch(['items', itemName, 'sources', name, 'dataSourceId'], form);
  const source = sources.find((s) => s.dataSourceId === picked);
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name={[name, 'dataSourceId']} label={t('gl.dataSource')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={sources.map((s) => ({ value: s.dataSourceId, label: `${s.name} (${s.reconName})` }))}
              onChange={(id: number) =>
                // The source's amount column when it has one only; the person picks otherwise.
                form.setFieldValue(['items', itemName, 'sources', name, 'amountColumn'], onlyAmountOf(sources, id))
              }
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={[name, 'amountColumn']} label={t('gl.amountColumn')} rules={[{ required: true }]}>
            <Select
              showSearch
              options={(source?.columns ?? []).filter((c) => c.isAmount).map((c) => ({ value: c.name, label: c.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.List name={[name, 'filters']}>
        {(filters, { add, remove }) => (
          <>
            {filters.map((f) => (
              <Flex key={f.key} gap={8} align="baseline">
                <Form.Item name={[f.name, 'field']} style={{ flex: 1 }}>
                  <Select
                    showSearch
                    aria-label={t('gl.filterField')}
                    placeholder={t('gl.filterField')}
                    options={(source?.columns ?? []).map((c) => ({ value: c.name, label: columnHeading(c.name) }))}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'operator']} style={{ width: 190 }}>
                  <Select
                    aria-label={t('gl.filterOperator')}
                    placeholder={t('gl.filterOperator')}
                    options={FILTER_OPERATORS.map((o) => ({ value: o, label: o }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'values']}
                  style={{ flex: 1 }}
                  dependencies={[
                    ['items', itemName, 'sources', name, 'filters', f.name, 'field'],
                    ['items', itemName, 'sources', name, 'filters', f.name, 'operator'],
                  ]}
                  rules={[
                    {
                      validator: async () => {
                        const rows: FilterValues[] | undefined = form.getFieldValue([
                          'items',
                          itemName,
                          'sources',
                          name,
                          'filters',
                        ]);
                        const problem = filterRowProblem(source, rows?.[f.name] ?? {});
                        if (problem) throw new Error(problem);
                      },
                    },
                  ]}
                >
                  <Input aria-label={t('gl.filterValues')} placeholder={t('gl.filterValues')} />
                </Form.Item>
                <Button type="link" danger onClick={() => remove(f.name)}>
                  {t('gl.remove')}
                </Button>
              </Flex>
            ))}
            <Button type="dashed" size="small" onClick={() => add({ operator: 'EQUAL' })} style={{ marginBottom: 12 }}>
              {t('gl.addFilter')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

/** Create or edit a GL configuration: its name, ageing buckets and config items (account, side, sign, sources). */
export function GlConfigEditor({
  moduleId,
  config,
  open,
  onClose,
}: {
  moduleId: number;
  config: GlConfig | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const sources = useGlDataSources(moduleId, open);
  const save = useSaveGlConfig(moduleId);
  useEffect(() => {
    if (open) form.setFieldsValue(toValues(config));
    else form.resetFields();
  }, [open, config, form]);

  const submit = async (values: Values) => {
    const problems = await saveWithFieldErrors(() =>
      save.mutateAsync({ id: config?.id ?? null, body: toBody(values) }),
    );
    if (problems) {
      // The name and the buckets show under their field; the items' problems (and a filter's, which names its
      // column) as a toast.
      const isField = (p: (typeof problems)[number]) => p.name[0] === 'glName' || p.name[0] === 'ageingBuckets';
      const [onFields, onItems] = [problems.filter(isField), problems.filter((p) => !isField(p))];
      form.setFields(onFields as Parameters<typeof form.setFields>[0]);
      if (onItems.length > 0) showErrorToast(onItems.flatMap((p) => p.errors));
      return;
    }
    showSuccessToast(config ? t('gl.updated') : t('gl.created'));
    onClose();
  };

  return (
    <Drawer
      title={config ? t('gl.editTitle', { name: config.glName }) : t('gl.newTitle')}
      open={open}
      onClose={onClose}
      width={860}
      destroyOnHidden
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('gl.save')}
        </Button>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Row gutter={12}>
          <Col span={14}>
            <Form.Item name="glName" label={t('gl.glName')} rules={[{ required: true, message: t('gl.nameRequired') }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="ageingBuckets" label={t('gl.buckets')} extra={t('gl.bucketsHelp')}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('gl.items')}</Typography.Title>
        <Form.List name="items">
          {(items, { add, remove }) => (
            <>
              {items.map((item, index) => (
                <Card
                  key={item.key}
                  size="small"
                  style={{ marginBottom: 12 }}
                  title={t('gl.itemNumber', { n: index + 1 })}
                  extra={
                    <Button type="link" danger onClick={() => remove(item.name)} disabled={items.length === 1}>
                      {t('gl.remove')}
                    </Button>
                  }
                >
                  <Row gutter={12}>
                    <Col span={12}>
                      <Form.Item
                        name={[item.name, 'name']}
                        label={t('gl.account')}
                        rules={[{ required: true, message: t('gl.itemNameRequired') }]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      <Form.Item name={[item.name, 'side']} label={t('gl.side')}>
                        <Select
                          options={[
                            { value: 'DEBIT', label: t('gl.debit') },
                            { value: 'CREDIT', label: t('gl.credit') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      <Form.Item name={[item.name, 'sign']} label={t('gl.sign')}>
                        <Select
                          options={[
                            { value: 1, label: t('gl.signPlus') },
                            { value: -1, label: t('gl.signMinus') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.List name={[item.name, 'sources']}>
                    {(list, { add: addSource, remove: removeSource }) => (
                      <>
                        {list.map((s) => (
                          <Card
                            key={s.key}
                            size="small"
                            type="inner"
                            style={{ marginBottom: 8 }}
                            extra={
                              list.length > 1 && (
                                <Button type="link" danger onClick={() => removeSource(s.name)}>
                                  {t('gl.remove')}
                                </Button>
                              )
                            }
                            title={t('gl.source')}
                          >
                            <SourceFields name={s.name} itemName={item.name} sources={sources.data?.data ?? []} />
                          </Card>
                        ))}
                        <Button size="small" onClick={() => addSource({})}>
                          {t('gl.addSource')}
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Card>
              ))}
              <Button type="dashed" block onClick={() => add({ side: 'DEBIT', sign: 1, sources: [{}] })}>
                {t('gl.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
