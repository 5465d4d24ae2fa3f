import {
  checkEmailParsingConfig,
  EMAIL_SENDER_PATTERN,
  type EmailParsingConfig,
  type EmailParsingConfigSave,
} from '@recon/contract';
import type { INTEGRATION_TEXTS } from '@recon/contract/texts';
import { Col, Form, Input, Row, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailParsingConfigs } from '@/features/integrations/api/resources';
import { ConfigFormModal } from '@/features/integrations/components/config-form-modal';
import { ConfigListPage, type Editing } from '@/features/integrations/components/config-list-page';
import { ActiveTag } from '@/features/integrations/components/value-cells';
import { useModuleSelection } from '@/lib/module-context';
import { usePipelines } from '@/lib/reads/pipelines';
import { AppSelect } from '@/ui/app-select';

type Values = {
  name: string;
  sender: string;
  subjectPattern?: string;
  attachmentPattern: string;
  pipelineId?: number;
  isActive: boolean;
};

const pattern = (value: string) => (value ? <Typography.Text code>{value}</Typography.Text> : '—');

function EmailParsingForm({ editing, onClose }: { editing: Editing<EmailParsingConfig>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { current } = useModuleSelection();
  const pipelines = usePipelines(current.id);
  const record = editing?.record ?? null;
  const required = (key: keyof typeof INTEGRATION_TEXTS) => ({
    required: true,
    whitespace: true,
    message: t(`integrations.messages.${key}`),
  });

  return (
    <ConfigFormModal<Values, EmailParsingConfigSave>
      resource={emailParsingConfigs}
      isOpen={editing !== null}
      id={record?.id}
      title={
        record ? t('integrations.emailParsing.editTitle', { name: record.name }) : t('integrations.emailParsing.create')
      }
      form={form}
      initialValues={
        record
          ? {
              name: record.name,
              sender: record.sender,
              subjectPattern: record.subjectPattern,
              attachmentPattern: record.attachmentPattern,
              pipelineId: record.pipeline.id,
              isActive: record.isActive,
            }
          : { isActive: true }
      }
      toBody={(v) => ({
        name: v.name?.trim(),
        sender: v.sender?.trim(),
        subjectPattern: v.subjectPattern?.trim() ?? '',
        attachmentPattern: v.attachmentPattern?.trim(),
        pipelineId: v.pipelineId ?? null,
        isActive: v.isActive,
      })}
      check={checkEmailParsingConfig}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('integrations.name')} rules={[required('nameRequired')]}>
        <Input autoComplete="off" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="sender"
        label={t('integrations.emailParsing.sender')}
        extra={t('integrations.emailParsing.senderHint')}
        rules={[
          required('senderRequired'),
          { pattern: EMAIL_SENDER_PATTERN, message: t('integrations.messages.senderInvalid') },
        ]}
      >
        <Input autoComplete="off" maxLength={255} placeholder={t('integrations.emailParsing.senderExample')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="subjectPattern"
            label={t('integrations.emailParsing.subjectPattern')}
            extra={t('integrations.emailParsing.subjectHint')}
          >
            <Input autoComplete="off" maxLength={255} placeholder={t('integrations.emailParsing.subjectExample')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="attachmentPattern"
            label={t('integrations.emailParsing.attachmentPattern')}
            extra={t('integrations.emailParsing.attachmentHint')}
            rules={[required('attachmentPatternRequired')]}
          >
            <Input autoComplete="off" maxLength={255} placeholder={t('integrations.emailParsing.attachmentExample')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="pipelineId"
        label={t('integrations.emailParsing.pipeline')}
        rules={[{ required: true, message: t('integrations.messages.pipelineRequired') }]}
      >
        <AppSelect<number>
          aria-label={t('integrations.emailParsing.pipeline')}
          loading={pipelines.isPending}
          options={(pipelines.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="isActive" label={t('integrations.active')} valuePropName="checked">
        <Switch aria-label={t('integrations.active')} />
      </Form.Item>
    </ConfigFormModal>
  );
}

/** Settings › Integrations › Email Parsing Config: rules that load inbound mail attachments into a pipeline. */
export default function EmailParsingConfigPage() {
  const { t } = useTranslation();
  return (
    <ConfigListPage<EmailParsingConfig, EmailParsingConfigSave>
      resource={emailParsingConfigs}
      title={t('integrations.emailParsing.title')}
      description={t('integrations.emailParsing.description')}
      createLabel={t('integrations.emailParsing.create')}
      nameOf={(row) => row.name}
      scrollX={1150}
      columns={[
        {
          title: t('integrations.name'),
          dataIndex: 'name',
          key: 'name',
          width: 220,
          sorter: (a, b) => a.name.localeCompare(b.name),
        },
        { title: t('integrations.emailParsing.sender'), dataIndex: 'sender', key: 'sender', width: 220 },
        {
          title: t('integrations.emailParsing.subjectPattern'),
          dataIndex: 'subjectPattern',
          key: 'subject',
          render: pattern,
        },
        {
          title: t('integrations.emailParsing.attachmentPattern'),
          dataIndex: 'attachmentPattern',
          key: 'attachment',
          width: 170,
          render: pattern,
        },
        {
          title: t('integrations.emailParsing.pipeline'),
          key: 'pipeline',
          width: 200,
          render: (_, row) => row.pipeline.name,
        },
        {
          title: t('common.status'),
          dataIndex: 'isActive',
          key: 'isActive',
          width: 110,
          render: (isActive: boolean) => <ActiveTag isActive={isActive} />,
        },
      ]}
      form={(editing, close) => <EmailParsingForm editing={editing} onClose={close} />}
    />
  );
}
