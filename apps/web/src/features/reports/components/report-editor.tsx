import {
  REPORT_AGGREGATES,
  type ReportConfig,
  type ReportDataSources,
  type ReportDefinition,
  type ReportPreview,
  type ReportSave,
} from '@recon/contract';
import { FILTER_CONNECTORS, FILTER_OPERATORS } from '@recon/contract/constants';
import { Button, Checkbox, Col, Drawer, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewReport, useReportDataSources, useSaveReport } from '@/features/reports/api/reports-api';
import { ReportResultsTable } from '@/features/reports/components/report-results-table';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

type FilterValues = { field?: string; operator?: string; values?: string; connector?: 'AND' | 'OR'; dynamic?: boolean };
type AggregateValues = { function?: string; field?: string; label?: string };
export type EditorValues = {
  name?: string;
  description?: string;
  dataSourceId?: number;
  columns?: { field?: string; label?: string }[];
  filters?: FilterValues[];
  groupBy?: string[];
  aggregates?: AggregateValues[];
  sort?: { column?: string; direction?: 'ASC' | 'DESC' }[];
};

const NO_VALUE = new Set(['IS_NULL', 'IS_NOT_NULL']);
const splitValues = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

function toValues(config: ReportConfig | null): EditorValues {
  if (!config) return { columns: [{}], filters: [], groupBy: [], aggregates: [], sort: [] };
  return {
    name: config.name,
    description: config.description ?? '',
    dataSourceId: config.dataSourceId,
    columns: config.columns,
    filters: config.filters.map((f) => ({ ...f, values: f.values.join(', ') })),
    groupBy: config.groupBy,
    aggregates: config.aggregates.map((a) => ({ function: a.function, field: a.field ?? undefined, label: a.label })),
    sort: config.sort,
  };
}

/** The form as the definition the server checks (blank rows left out). */
export function toDefinition(v: EditorValues): ReportDefinition {
  return {
    dataSourceId: v.dataSourceId ?? null,
    columns: (v.columns ?? []).filter((c) => c.field).map((c) => ({ field: c.field as string, label: c.label ?? '' })),
    filters: (v.filters ?? [])
      .filter((f) => f.field && f.operator)
      .map((f) => ({
        field: f.field as string,
        operator: f.operator as ReportDefinition['filters'][number]['operator'],
        values: NO_VALUE.has(f.operator as string) ? [] : splitValues(f.values),
        connector: f.connector ?? 'AND',
        dynamic: f.dynamic ?? false,
      })),
    groupBy: v.groupBy ?? [],
    aggregates: (v.aggregates ?? [])
      .filter((a) => a.function)
      .map((a) => ({
        function: a.function as ReportDefinition['aggregates'][number]['function'],
        field: a.field ?? null,
        label: a.label ?? '',
      })),
    sort: (v.sort ?? [])
      .filter((s) => s.column)
      .map((s) => ({ column: s.column as string, direction: s.direction ?? 'ASC' })),
  };
}

type Source = ReportDataSources['data'][number];

/**
 * Create or edit a report config: name, description, data source, the columns shown (label, order), filters with
 * the spec's operators joined by AND / OR (some asked at run time), grouping with aggregates, sort, and a preview
 * of the first rows before saving.
 */
export function ReportEditor({
  moduleId,
  config,
  open,
  onClose,
}: {
  moduleId: number;
  config: ReportConfig | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditorValues>();
  const sources = useReportDataSources(moduleId, open);
  const save = useSaveReport(moduleId);
  const preview = usePreviewReport();
  const [shown, setShown] = useState<ReportPreview | null>(null);
  const picked = Form.useWatch('dataSourceId', form);
  const aggregates = Form.useWatch('aggregates', form);
  const columnsWatched = Form.useWatch('columns', form);
  const source: Source | undefined = sources.data?.data.find((s) => s.dataSourceId === picked);
  const fieldOptions = (source?.columns ?? []).map((c) => ({ value: c.name, label: c.label }));
  const numberOptions = (source?.columns ?? [])
    .filter((c) => c.kind === 'number')
    .map((c) => ({ value: c.name, label: c.label }));
  const sortOptions = [
    ...(columnsWatched ?? []).flatMap((c) => (c?.field ? [{ value: c.field, label: c.label || c.field }] : [])),
    ...(aggregates ?? []).flatMap((a) => (a?.label ? [{ value: a.label, label: a.label }] : [])),
  ];

  useEffect(() => {
    if (open) form.setFieldsValue(toValues(config));
    else form.resetFields();
    setShown(null);
  }, [open, config, form]);

  const problemsShown = (problems: Awaited<ReturnType<typeof saveWithFieldErrors>>) => {
    if (!problems) return false;
    const onFields = problems.filter((p) => ['name', 'description', 'dataSourceId'].includes(String(p.name[0])));
    form.setFields(onFields as Parameters<typeof form.setFields>[0]);
    const others = problems.filter((p) => !onFields.includes(p));
    if (others.length > 0) showErrorToast(others.flatMap((p) => p.errors));
    return true;
  };

  const submit = async (values: EditorValues) => {
    const body: ReportSave = {
      name: values.name ?? '',
      description: values.description ?? null,
      ...toDefinition(values),
    };
    const problems = await saveWithFieldErrors(() => save.mutateAsync({ id: config?.id ?? null, body }));
    if (problemsShown(problems)) return;
    showSuccessToast(config ? t('reports.updated') : t('reports.created'));
    onClose();
  };

  const runPreview = async () => {
    let answer: ReportPreview | null = null;
    const problems = await saveWithFieldErrors(async () => {
      answer = await preview.mutateAsync(toDefinition(form.getFieldsValue(true)));
    });
    if (problemsShown(problems)) return;
    setShown(answer);
  };

  const removeButton = (remove: () => void) => (
    <Button type="link" danger onClick={remove}>
      {t('reports.remove')}
    </Button>
  );

  return (
    <Drawer
      title={config ? t('reports.editTitle', { name: config.name }) : t('reports.newTitle')}
      open={open}
      onClose={onClose}
      width={960}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button loading={preview.isPending} onClick={() => void runPreview()}>
            {t('reports.preview')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('reports.save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Row gutter={12}>
          <Col span={10}>
            <Form.Item
              name="name"
              label={t('reports.name')}
              rules={[{ required: true, message: t('reports.nameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="dataSourceId" label={t('reports.dataSource')} rules={[{ required: true }]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={sources.isPending}
                options={(sources.data?.data ?? []).map((s) => ({
                  value: s.dataSourceId,
                  label: `${s.name} (${s.reconName})`,
                }))}
                onChange={() => {
                  // Another table: the columns named so far are not its own.
                  form.setFieldsValue({ columns: [{}], filters: [], groupBy: [], aggregates: [], sort: [] });
                  setShown(null);
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('reports.descriptionLabel')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>

        <Typography.Title level={5}>{t('reports.columns')}</Typography.Title>
        <Form.List name="columns">
          {(rows, { add, remove, move }) => (
            <>
              {rows.map((r, i) => (
                <Flex key={r.key} gap={8} align="baseline">
                  <Typography.Text type="secondary" style={{ width: 24 }}>
                    {i + 1}
                  </Typography.Text>
                  <Form.Item name={[r.name, 'field']} style={{ flex: 1 }}>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      aria-label={t('reports.columnField', { n: i + 1 })}
                      placeholder={t('reports.column')}
                      options={fieldOptions}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'label']} style={{ flex: 1 }}>
                    <Input aria-label={t('reports.columnLabel', { n: i + 1 })} placeholder={t('reports.label')} />
                  </Form.Item>
                  <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={t('reports.up')}>
                    ↑
                  </Button>
                  {removeButton(() => remove(r.name))}
                </Flex>
              ))}
              <Button type="dashed" size="small" onClick={() => add({})} style={{ marginBottom: 16 }}>
                {t('reports.addColumn')}
              </Button>
            </>
          )}
        </Form.List>

        <Typography.Title level={5}>{t('reports.filters')}</Typography.Title>
        <Form.List name="filters">
          {(rows, { add, remove }) => (
            <>
              {rows.map((r, i) => (
                <Flex key={r.key} gap={8} align="baseline">
                  <Form.Item name={[r.name, 'connector']} style={{ width: 90 }}>
                    <Select
                      aria-label={t('reports.connector', { n: i + 1 })}
                      disabled={i === 0}
                      options={FILTER_CONNECTORS.map((c) => ({ value: c, label: i === 0 ? t('reports.where') : c }))}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'field']} style={{ flex: 1 }}>
                    <Select
                      showSearch
                      optionFilterProp="label"
                      aria-label={t('reports.filterField', { n: i + 1 })}
                      placeholder={t('reports.column')}
                      options={fieldOptions}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'operator']} style={{ width: 190 }}>
                    <Select
                      aria-label={t('reports.filterOperator', { n: i + 1 })}
                      options={FILTER_OPERATORS.map((o) => ({ value: o, label: t(`reports.operators.${o}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name={[r.name, 'values']} style={{ flex: 1 }}>
                    <Input aria-label={t('reports.filterValues', { n: i + 1 })} placeholder={t('reports.values')} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'dynamic']} valuePropName="checked">
                    <Checkbox>{t('reports.askAtRun')}</Checkbox>
                  </Form.Item>
                  {removeButton(() => remove(r.name))}
                </Flex>
              ))}
              <Button
                type="dashed"
                size="small"
                onClick={() => add({ operator: 'EQUAL', connector: 'AND', dynamic: false })}
                style={{ marginBottom: 4 }}
              >
                {t('reports.addFilter')}
              </Button>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('reports.connectorHelp')}
              </Typography.Paragraph>
            </>
          )}
        </Form.List>

        <Typography.Title level={5}>{t('reports.grouping')}</Typography.Title>
        <Form.Item name="groupBy" label={t('reports.groupBy')} extra={t('reports.groupByHelp')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={fieldOptions}
            aria-label={t('reports.groupBy')}
          />
        </Form.Item>
        <Form.List name="aggregates">
          {(rows, { add, remove }) => (
            <>
              {rows.map((r, i) => {
                const fn = aggregates?.[r.name]?.function;
                return (
                  <Flex key={r.key} gap={8} align="baseline">
                    <Form.Item name={[r.name, 'function']} style={{ width: 120 }}>
                      <Select
                        aria-label={t('reports.aggregateFunction', { n: i + 1 })}
                        options={REPORT_AGGREGATES.map((a) => ({ value: a, label: t(`reports.aggregate.${a}`) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[r.name, 'field']} style={{ flex: 1 }}>
                      <Select
                        allowClear
                        showSearch
                        optionFilterProp="label"
                        aria-label={t('reports.aggregateField', { n: i + 1 })}
                        placeholder={fn === 'COUNT' ? t('reports.allRows') : t('reports.column')}
                        options={fn === 'SUM' || fn === 'AVG' ? numberOptions : fieldOptions}
                      />
                    </Form.Item>
                    <Form.Item name={[r.name, 'label']} style={{ flex: 1 }}>
                      <Input aria-label={t('reports.aggregateLabel', { n: i + 1 })} placeholder={t('reports.label')} />
                    </Form.Item>
                    {removeButton(() => remove(r.name))}
                  </Flex>
                );
              })}
              <Button type="dashed" size="small" onClick={() => add({ function: 'SUM' })} style={{ marginBottom: 16 }}>
                {t('reports.addAggregate')}
              </Button>
            </>
          )}
        </Form.List>

        <Typography.Title level={5}>{t('reports.sort')}</Typography.Title>
        <Form.List name="sort">
          {(rows, { add, remove }) => (
            <>
              {rows.map((r, i) => (
                <Flex key={r.key} gap={8} align="baseline">
                  <Form.Item name={[r.name, 'column']} style={{ flex: 1 }}>
                    <Select aria-label={t('reports.sortColumn', { n: i + 1 })} options={sortOptions} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'direction']} style={{ width: 160 }}>
                    <Select
                      aria-label={t('reports.sortDirection', { n: i + 1 })}
                      options={[
                        { value: 'ASC', label: t('reports.ascending') },
                        { value: 'DESC', label: t('reports.descending') },
                      ]}
                    />
                  </Form.Item>
                  {removeButton(() => remove(r.name))}
                </Flex>
              ))}
              <Button type="dashed" size="small" onClick={() => add({ direction: 'ASC' })} style={{ marginBottom: 16 }}>
                {t('reports.addSort')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
      {shown && (
        <>
          <Typography.Title level={5}>{t('reports.previewTitle', { count: shown.rows.length })}</Typography.Title>
          <ReportResultsTable columns={shown.columns} rows={shown.rows} />
        </>
      )}
    </Drawer>
  );
}
