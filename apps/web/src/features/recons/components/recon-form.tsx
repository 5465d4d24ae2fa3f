import { RECON_DESCRIPTION_MAX, RECON_NAME_MAX, type ReconDetail } from '@recon/contract';
import { Button, Card, Col, Flex, Form, type FormInstance, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ReconDraft, reconNameProblem, sidesProblem } from '@/features/recons/recon-rules';
import { AppSelect } from '@/ui/app-select';

type Props = {
  form: FormInstance<ReconDraft>;
  /** Editing: the recon, whose data sources are the side choices. */
  recon?: ReconDetail;
  isSaving: boolean;
  onFinish: (draft: ReconDraft) => void;
  onCancel: () => void;
  /** Told on the first change a person makes: the page then has unsaved changes. */
  onChange?: () => void;
};

/** Name and description; when editing, which two of the recon's data sources are side A and side B. */
export function ReconForm({ form, recon, isSaving, onFinish, onCancel, onChange }: Props) {
  const { t } = useTranslation();
  const sideOptions = (recon?.dataSources ?? []).map((d) => ({ value: d.id, label: d.name }));
  const sideRule = (field: 'sideADataSourceId' | 'sideBDataSourceId') => ({
    validator: async () => {
      const problem = sidesProblem(form.getFieldsValue());
      if (problem?.field === field) throw new Error(problem.message);
    },
  });

  return (
    <Form<ReconDraft>
      name="recon"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      onFinish={onFinish}
      onValuesChange={onChange}
      initialValues={{
        name: recon?.name ?? '',
        description: recon?.description ?? '',
        sideADataSourceId: recon?.sideA?.id ?? null,
        sideBDataSourceId: recon?.sideB?.id ?? null,
      }}
      requiredMark
    >
      <Card style={{ marginBottom: 16 }}>
        <Form.Item
          name="name"
          label={t('opsConfig.recons.name')}
          required
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = reconNameProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input autoComplete="off" maxLength={RECON_NAME_MAX} style={{ maxWidth: 480 }} />
        </Form.Item>
        <Form.Item name="description" label={t('opsConfig.recons.descriptionLabel')}>
          <Input.TextArea maxLength={RECON_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Card>
      {recon && (
        <Card title={t('opsConfig.recons.sides')} style={{ marginBottom: 16 }}>
          <Typography.Paragraph type="secondary">
            {sideOptions.length < 2 ? t('opsConfig.recons.sidesNeedTwo') : t('opsConfig.recons.sidesHelp')}
          </Typography.Paragraph>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="sideADataSourceId"
                label={t('opsConfig.recons.sideA')}
                dependencies={['sideBDataSourceId']}
                validateTrigger="onChange"
                rules={[sideRule('sideADataSourceId')]}
              >
                <AppSelect<number> options={sideOptions} disabled={sideOptions.length < 2} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="sideBDataSourceId"
                label={t('opsConfig.recons.sideB')}
                dependencies={['sideADataSourceId']}
                validateTrigger="onChange"
                rules={[sideRule('sideBDataSourceId')]}
              >
                <AppSelect<number> options={sideOptions} disabled={sideOptions.length < 2} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
      )}
      <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {recon ? t('common.save') : t('opsConfig.common.create')}
        </Button>
      </Flex>
    </Form>
  );
}
