import {
  PIPELINE_NAME_MAX,
  PIPELINE_SOURCES,
  type Pipeline,
  type PipelineRequest,
  type PipelineSource,
} from '@recon/contract';
import { PIPELINE_TEXTS } from '@recon/contract/texts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreatePipeline } from '@/features/pipelines/api/create-pipeline';
import { useDataTables } from '@/features/pipelines/api/get-data-tables';
import { useUpdatePipeline } from '@/features/pipelines/api/update-pipeline';
import { fieldErrorsOf } from '@/features/pipelines/field-errors';
import { useModuleSelection } from '@/lib/module-context';
import { AppSelect } from '@/ui/app-select';

type Values = { name?: string; description?: string; source?: PipelineSource; dataTableId?: number };
type Props = { isOpen: boolean; pipeline: Pipeline | null; onClose: () => void };

const DESCRIPTION_MAX = 500;
const FORM_FIELDS: readonly string[] = ['name', 'description', 'source', 'dataTableId'];

/** Create or edit a pipeline: name, source, data table. The table is fixed once a file config exists. */
export function PipelineFormModal({ isOpen, pipeline, onClose }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [form] = Form.useForm<Values>();
  const tables = useDataTables(current.id, isOpen);
  const create = useCreatePipeline(t('pipelines.created'));
  const update = useUpdatePipeline(t('pipelines.updated'));
  const isSaving = create.isPending || update.isPending;
  const isTableLocked = pipeline?.fileUploadConfigStatus === 'Configured';

  const onError = (error: unknown) => {
    const fields = fieldErrorsOf(error).filter((e) => FORM_FIELDS.includes(e.field));
    form.setFields(fields.map((e) => ({ name: e.field as keyof Values, errors: [e.defaultMessage] })));
  };

  const onFinish = (values: Values) => {
    const body: PipelineRequest = {
      name: (values.name ?? '').trim(),
      description: (values.description ?? '').trim(),
      source: values.source as PipelineSource,
      dataTableId: values.dataTableId as number,
    };
    if (pipeline) update.mutate({ id: pipeline.id, body }, { onSuccess: onClose, onError });
    else create.mutate(body, { onSuccess: onClose, onError });
  };

  return (
    <Modal
      open={isOpen}
      title={pipeline ? t('pipelines.editTitle') : t('pipelines.createTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={pipeline ? t('common.save') : t('pipelines.createSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        onFinish={onFinish}
        initialValues={
          pipeline
            ? {
                name: pipeline.name,
                description: pipeline.description,
                source: pipeline.source,
                dataTableId: pipeline.dataTable.id,
              }
            : { source: 'FILE' }
        }
      >
        <Form.Item
          name="name"
          label={t('pipelines.name')}
          required
          rules={[
            { required: true, whitespace: true, message: PIPELINE_TEXTS.nameRequired },
            { max: PIPELINE_NAME_MAX, message: PIPELINE_TEXTS.nameTooLong },
          ]}
        >
          <Input maxLength={PIPELINE_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="source"
          label={t('pipelines.source')}
          required
          rules={[{ required: true, message: PIPELINE_TEXTS.sourceRequired }]}
        >
          <AppSelect<PipelineSource>
            aria-label={t('pipelines.source')}
            allowClear={false}
            options={PIPELINE_SOURCES.map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
        <Form.Item
          name="dataTableId"
          label={t('pipelines.dataTable')}
          required
          rules={[{ required: true, message: PIPELINE_TEXTS.dataTableRequired }]}
          extra={isTableLocked ? t('pipelines.tableLocked') : undefined}
        >
          <AppSelect<number>
            aria-label={t('pipelines.dataTable')}
            loading={tables.isPending}
            disabled={isTableLocked}
            options={(tables.data ?? []).map((table) => ({ value: table.id, label: table.name }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('pipelines.descriptionLabel')}>
          <Input.TextArea maxLength={DESCRIPTION_MAX} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
