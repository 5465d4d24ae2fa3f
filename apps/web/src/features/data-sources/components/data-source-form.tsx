import {
  type DataSourceDetail,
  type DataSourceRequest,
  firstDataSourceFormError,
  pipelineTableMismatch,
} from '@recon/contract';
import { DATA_SOURCE_FORM_TEXTS } from '@recon/contract/texts';
import { Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NameCheck, useCheckDataSourceName } from '@/features/data-sources/api/check-data-source-name';
import { useTableColumns } from '@/features/data-sources/api/get-table-columns';
import { useTableDetail } from '@/features/data-sources/api/get-table-detail';
import { useTableOptions } from '@/features/data-sources/api/get-table-options';
import { LimitFields } from '@/features/data-sources/components/limit-fields';
import { NameField } from '@/features/data-sources/components/name-field';
import { TableFields } from '@/features/data-sources/components/table-fields';
import {
  type DataSourceValues,
  fromDetail,
  LIMIT_LABELS,
  limitProblem,
  toCheckedForm,
  toRequest,
} from '@/features/data-sources/data-source-values';
import { type FieldMessages, setFieldMessages } from '@/lib/form-errors';
import { useModuleSelection } from '@/lib/module-context';
import { usePipelines } from '@/lib/reads/pipelines';
import { useReconOptions } from '@/lib/reads/recons';
import { closeErrorToast, showErrorToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

type Props = {
  /** Editing: the data source as saved. */
  detail?: DataSourceDetail;
  /** Creating from a recon's page: the recon to start with. */
  initialReconId?: number;
  isSaving: boolean;
  /** Sends the request; answers the server's field errors, or null when it went through. */
  onSubmit: (request: DataSourceRequest) => Promise<FieldMessages[] | null>;
  onCancel: () => void;
};

/** A form's problem as a toast: the latest one replaces any still showing, so a fix-and-retry is never silent. */
function toastProblem(messages: readonly string[]) {
  closeErrorToast();
  showErrorToast(messages);
}

/**
 * The data source form (spec 2). Saving runs the contract's ordered checks first and shows only the first
 * failing message as an error toast, sending nothing; then the limits' formats, the pipeline/table pairing
 * and the name check; whatever the server still refuses comes back beside its field.
 */
export function DataSourceForm({ detail, initialReconId, isSaving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [form] = Form.useForm<DataSourceValues>();
  const recons = useReconOptions(current.id);
  const pipelines = usePipelines(current.id);
  const tables = useTableOptions(current.id);
  const table = Form.useWatch('table', form);
  const pipelineId = Form.useWatch('pipeline', form);
  const typedName = Form.useWatch('name', form);
  const tableRow = tables.data?.find((row) => row.tableName === table || row.name === table);
  const tableDetail = useTableDetail(current.id, tableRow?.id);
  const columns = useTableColumns(current.id, table);
  const checkName = useCheckDataSourceName(current.id, detail?.id);
  const [nameCheck, setNameCheck] = useState<(NameCheck & { name: string }) | null>(null);
  const warnedTable = useRef<string | null>(null);

  // The columns of the chosen table could not be read: the spec's message, once per table.
  useEffect(() => {
    if (!columns.isError || !table || warnedTable.current === table) return;
    warnedTable.current = table;
    form.setFields([{ name: 'table', errors: [DATA_SOURCE_FORM_TEXTS.columnsUnavailable] }]);
    toastProblem([DATA_SOURCE_FORM_TEXTS.columnsUnavailable]);
  }, [columns.isError, table, form]);

  const onBlurName = async (name: string) => {
    if (!name) return;
    try {
      const answer = await checkName(name);
      setNameCheck({ ...answer, name });
      form.setFields([{ name: 'name', errors: answer.isValid ? [] : [answer.message] }]);
    } catch {
      // The common toast has said why; the server checks the name again on save.
      setNameCheck(null);
    }
  };

  const onPipelineChange = (id: number | undefined) => {
    const pipeline = pipelines.data?.find((p) => p.id === id);
    // A data source reads the table its pipeline loads into: choosing the pipeline chooses the table.
    if (pipeline && pipeline.dataTable.tableName !== form.getFieldValue('table')) {
      form.setFieldsValue({ table: pipeline.dataTable.tableName, historyTable: undefined, invalidTable: undefined });
    }
  };

  /** Format and pairing problems after the ordered checks, with the server's messages. */
  const laterProblems = (values: DataSourceValues): FieldMessages[] => {
    const problems: FieldMessages[] = [];
    for (const [limit, method] of [
      ['maxDuplicateRecord', 'maxDuplicateRecordCountMethod'],
      ['maxInvalidRecord', 'maxInvalidRecordCountMethod'],
    ] as const) {
      const problem = limitProblem(values[limit], values[method], LIMIT_LABELS[limit]);
      if (problem) problems.push({ name: [limit], errors: [problem] });
    }
    const pipeline = pipelines.data?.find((p) => p.id === values.pipeline);
    if (pipeline && tableRow && pipeline.dataTable.id !== tableRow.id) {
      problems.push({ name: ['pipeline'], errors: [pipelineTableMismatch(pipeline.name, tableRow.name)] });
    }
    const name = (values.name ?? '').trim();
    if (nameCheck && nameCheck.name === name && !nameCheck.isValid) {
      problems.push({ name: ['name'], errors: [nameCheck.message] });
    }
    return problems;
  };

  const onSave = async () => {
    const values = form.getFieldsValue(true) as DataSourceValues;
    // validateDataSourceForm's first failing check, with the field it belongs to.
    const first = firstDataSourceFormError(toCheckedForm(values, current.id, columns.data));
    if (first) {
      setFieldMessages(form, [{ name: [first.field], errors: [first.message] }]);
      toastProblem([first.message]);
      return;
    }
    const later = laterProblems(values);
    if (later.length > 0) {
      setFieldMessages(form, later);
      toastProblem(later.flatMap((p) => p.errors).slice(0, 1));
      return;
    }
    const serverProblems = await onSubmit(toRequest(values, current.id, detail?.id));
    if (serverProblems) {
      setFieldMessages(form, serverProblems);
      toastProblem(serverProblems.flatMap((p) => p.errors));
    }
  };

  // Options the lists may not hold (a list that failed to load, or a pipeline of a privilege not held).
  const reconOptions = unique([
    ...(recons.data ?? []).map((r) => ({ value: r.id, label: r.name })),
    ...(detail ? [{ value: detail.recon.id, label: detail.recon.name }] : []),
  ]);
  const pipelineOptions = unique([
    ...(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name })),
    ...(detail
      ? [
          { value: detail.pipeline.id, label: detail.pipeline.name },
          { value: detail.invalidPipeline.id, label: detail.invalidPipeline.name },
        ]
      : []),
  ]);
  const chosenPipeline = pipelines.data?.find((p) => p.id === pipelineId);

  return (
    <Form<DataSourceValues>
      name="dataSource"
      form={form}
      layout="vertical"
      initialValues={detail ? fromDetail(detail) : { recon: initialReconId }}
      onValuesChange={(changed: Partial<DataSourceValues>) =>
        // A changed field's old message no longer applies.
        setFieldMessages(
          form,
          Object.keys(changed).map((name) => ({ name: [name], errors: [] })),
        )
      }
      // The spec's ordered checks decide what is shown, whatever the field rules already found.
      onFinish={() => void onSave()}
      onFinishFailed={() => void onSave()}
    >
      <Card title={t('opsConfig.dataSources.general')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('opsConfig.dataSources.product')} required>
              <Input value={current.name} disabled aria-label={t('opsConfig.dataSources.product')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <NameField
              check={nameCheck && nameCheck.name === typedName?.trim() ? nameCheck : null}
              onBlurName={(name) => void onBlurName(name)}
            />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="recon" label={t('opsConfig.dataSources.recon')} required>
              <AppSelect<number> loading={recons.isPending} options={reconOptions} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('opsConfig.dataSources.pipelines')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="pipeline"
              label={t('opsConfig.dataSources.pipeline')}
              required
              extra={
                chosenPipeline && (
                  <Typography.Text type="secondary">
                    {t('opsConfig.dataSources.loadsInto', { table: chosenPipeline.dataTable.name })}
                  </Typography.Text>
                )
              }
            >
              <AppSelect<number> loading={pipelines.isPending} options={pipelineOptions} onChange={onPipelineChange} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="pipelineIdForInvalidData" label={t('opsConfig.dataSources.invalidPipeline')} required>
              <AppSelect<number> loading={pipelines.isPending} options={pipelineOptions} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('opsConfig.dataSources.limits')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <LimitFields
            form={form}
            limit="maxDuplicateRecord"
            method="maxDuplicateRecordCountMethod"
            limitLabel={t('opsConfig.dataSources.duplicateLimit')}
            methodLabel={t('opsConfig.dataSources.duplicateMethod')}
          />
        </Row>
        <Row gutter={16}>
          <LimitFields
            form={form}
            limit="maxInvalidRecord"
            method="maxInvalidRecordCountMethod"
            limitLabel={t('opsConfig.dataSources.invalidLimit')}
            methodLabel={t('opsConfig.dataSources.invalidMethod')}
          />
        </Row>
      </Card>
      <Card title={t('opsConfig.dataSources.tables')} style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <TableFields
            form={form}
            tables={tables.data ?? []}
            detail={tableDetail.data}
            isLoadingTables={tables.isPending}
            columnCount={columns.data?.filter((c) => !c.isSystem).length}
          />
        </Row>
      </Card>
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {detail ? t('common.save') : t('opsConfig.common.create')}
        </Button>
      </Flex>
    </Form>
  );
}

function unique<T extends { value: number }>(options: readonly T[]): T[] {
  const seen = new Set<number>();
  return options.filter((o) => !seen.has(o.value) && seen.add(o.value));
}
