import { DATA_SOURCE_NAME_MAX } from '@recon/contract';
import { DATA_SOURCE_TEXTS } from '@recon/contract/texts';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NameCheck, useCheckDataSourceName } from '@/features/data-sources/api/check-data-source-name';
import { useDuplicateDataSource } from '@/features/data-sources/api/duplicate-data-source';
import { serverFieldErrors, setFieldMessages } from '@/lib/form-errors';
import { useModuleSelection } from '@/lib/module-context';
import { notifyHttpError } from '@/lib/query-client';
import { useReconOptions } from '@/lib/reads/recons';
import { AppSelect } from '@/ui/app-select';

type Values = { name?: string; reconId?: number };

type Props = {
  source: { id: number; name: string; reconId: number | undefined };
  onDone: (newId: number) => void;
  onCancel: () => void;
};

const NAME_REQUIRED = 'Name is Required';

/** Asks the copy's name and recon, then copies pipelines, table, limits and elements into it. */
export function DuplicateModal({ source, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const { current } = useModuleSelection();
  const [form] = Form.useForm<Values>();
  const recons = useReconOptions(current.id);
  const checkName = useCheckDataSourceName(current.id);
  const duplicate = useDuplicateDataSource(t('opsConfig.common.created'));
  const [nameCheck, setNameCheck] = useState<(NameCheck & { name: string }) | null>(null);

  const onBlurName = async (name: string) => {
    if (!name) return;
    try {
      const answer = await checkName(name);
      setNameCheck({ ...answer, name });
      form.setFields([{ name: 'name', errors: answer.isValid ? [] : [answer.message] }]);
    } catch {
      setNameCheck(null);
    }
  };

  const onFinish = (values: Values) => {
    const name = (values.name ?? '').trim();
    if (nameCheck && nameCheck.name === name && !nameCheck.isValid) {
      form.setFields([{ name: 'name', errors: [nameCheck.message] }]);
      return;
    }
    duplicate.mutate(
      { id: source.id, body: { name, reconId: values.reconId ?? 0 } },
      {
        onSuccess: (copy) => onDone(copy.id),
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) setFieldMessages(form, fields);
          else void notifyHttpError(error);
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('opsConfig.dataSources.duplicateTitle', { name: source.name })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('opsConfig.dataSources.duplicate')}
      cancelText={t('common.cancel')}
      confirmLoading={duplicate.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('opsConfig.dataSources.duplicateHelp')}</Typography.Paragraph>
      <Form<Values>
        name="duplicateDataSource"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        initialValues={{ name: t('opsConfig.dataSources.copyName', { name: source.name }), reconId: source.reconId }}
        onFinish={onFinish}
      >
        <Form.Item
          name="name"
          label={t('opsConfig.dataSources.newName')}
          rules={[{ required: true, whitespace: true, message: NAME_REQUIRED }]}
          extra={
            nameCheck?.isValid && nameCheck.name === (form.getFieldValue('name') ?? '').trim() ? (
              <Typography.Text type="success">{nameCheck.message}</Typography.Text>
            ) : undefined
          }
        >
          <Input
            autoComplete="off"
            maxLength={DATA_SOURCE_NAME_MAX}
            onBlur={(event) => void onBlurName(event.target.value.trim())}
          />
        </Form.Item>
        <Form.Item
          name="reconId"
          label={t('opsConfig.dataSources.recon')}
          rules={[{ required: true, message: DATA_SOURCE_TEXTS.reconRequired }]}
        >
          <AppSelect<number>
            loading={recons.isPending}
            options={(recons.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
