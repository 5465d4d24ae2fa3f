import { botTypeName, checkTagMapping, type TagMapping, type TagMappingSave } from '@recon/contract';
import type { INTEGRATION_TEXTS } from '@recon/contract/texts';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { deleteTagMappings, tagMappings, useBotBrands } from '@/features/integrations/api/resources';
import { ConfigFormModal } from '@/features/integrations/components/config-form-modal';
import { ConfigListPage, type Editing } from '@/features/integrations/components/config-list-page';
import { AppSelect } from '@/ui/app-select';

type Values = { sourceTag: string; ticketTag: string; botType?: TagMapping['botType'] };

function TagMappingForm({ editing, onClose }: { editing: Editing<TagMapping>; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const brands = useBotBrands();
  const record = editing?.record ?? null;
  const required = (key: keyof typeof INTEGRATION_TEXTS) => ({
    required: true,
    whitespace: true,
    message: t(`integrations.messages.${key}`),
  });

  return (
    <ConfigFormModal<Values, TagMappingSave>
      resource={tagMappings}
      isOpen={editing !== null}
      id={record?.id}
      title={
        record
          ? t('integrations.tagMapping.editTitle', { name: record.sourceTag })
          : t('integrations.tagMapping.create')
      }
      form={form}
      initialValues={
        record ? { sourceTag: record.sourceTag, ticketTag: record.ticketTag, botType: record.botType } : {}
      }
      toBody={(v) => ({ sourceTag: v.sourceTag?.trim(), ticketTag: v.ticketTag?.trim(), botType: v.botType ?? null })}
      check={checkTagMapping}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="sourceTag"
            label={t('integrations.tagMapping.sourceTag')}
            extra={t('integrations.tagMapping.sourceTagHint')}
            rules={[required('sourceTagRequired')]}
          >
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="botType" label={t('integrations.brand')} extra={t('integrations.tagMapping.brandHint')}>
            <AppSelect<TagMapping['botType']>
              aria-label={t('integrations.brand')}
              allowClear
              placeholder={t('integrations.tagMapping.allBrands')}
              loading={brands.isPending}
              options={(brands.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="ticketTag"
        label={t('integrations.tagMapping.ticketTag')}
        rules={[required('ticketTagRequired')]}
      >
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
    </ConfigFormModal>
  );
}

/** Settings › Integrations › Tag Mapping: a tag as a marketplace or mailbox writes it → the ticket tag it means. */
export default function TagMappingPage() {
  const { t } = useTranslation();
  return (
    <ConfigListPage<TagMapping, TagMappingSave>
      resource={tagMappings}
      title={t('integrations.tagMapping.title')}
      description={t('integrations.tagMapping.description')}
      createLabel={t('integrations.tagMapping.create')}
      nameOf={(row) => row.sourceTag}
      scrollX={760}
      columns={[
        {
          title: t('integrations.tagMapping.sourceTag'),
          dataIndex: 'sourceTag',
          key: 'sourceTag',
          sorter: (a, b) => a.sourceTag.localeCompare(b.sourceTag),
        },
        {
          title: t('integrations.brand'),
          dataIndex: 'botType',
          key: 'botType',
          width: 180,
          render: (code: string | null) => (code ? botTypeName(code) : t('integrations.tagMapping.allBrands')),
        },
        { title: t('integrations.tagMapping.ticketTag'), dataIndex: 'ticketTag', key: 'ticketTag', width: 220 },
      ]}
      form={(editing, close) => <TagMappingForm editing={editing} onClose={close} />}
      deleteMany={{
        run: deleteTagMappings,
        confirmTitle: (count) => t('integrations.tagMapping.deleteSelectedTitle', { count }),
      }}
    />
  );
}
