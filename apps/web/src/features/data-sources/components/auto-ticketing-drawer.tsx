import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type AutoTicketConfig,
  type AutoTicketConfigAnswer,
  type AutoTicketConfigBody,
  isTicketEmail,
} from '@recon/contract';
import { Alert, Button, Card, Drawer, Flex, Form, Input, Popconfirm, Space, Switch, Tooltip, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAutoTicketConfig,
  useDeleteAutoTicketConfig,
  useSaveAutoTicketConfig,
} from '@/features/data-sources/api/auto-ticketing';
import { formatDateTime } from '@/lib/format';
import { showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';
import { QueryError } from '@/ui/query-error';

/** A person as the selects hold them: `u:<id>` for a user of the module, the e-mail itself otherwise. */
type BlockValues = { brandId?: number; assignees: string[]; cc: string[] };
type FormValues = {
  configEnabled: boolean;
  brandColumn?: string;
  partnerColumn?: string | null;
  subjectColumn?: string | null;
  tagColumn?: string | null;
  orderIdColumn?: string | null;
  notifyFromEmail?: string;
  blocks: BlockValues[];
};

const EMPTY_BLOCK: BlockValues = { assignees: [], cc: [] };

function toValues(c: AutoTicketConfig | null): FormValues {
  if (!c) return { configEnabled: true, blocks: [EMPTY_BLOCK] };
  const people = (b: AutoTicketConfig['assignees'][number], as: 'ASSIGNED' | 'CCED') =>
    b.assignees
      .filter((a) => a.associatedAs === as)
      .map((a) => (a.assignedTo ? `u:${a.assignedTo.id}` : (a.assignedToEmail ?? '')));
  return {
    configEnabled: c.configEnabled,
    brandColumn: c.brandColumn,
    partnerColumn: c.partnerColumn,
    subjectColumn: c.subjectColumn,
    tagColumn: c.tagColumn,
    orderIdColumn: c.orderIdColumn,
    notifyFromEmail: c.notifyFromEmail ?? '',
    blocks: c.assignees.map((b) => ({
      brandId: b.marketplaceBrand.id,
      assignees: people(b, 'ASSIGNED'),
      cc: people(b, 'CCED'),
    })),
  };
}

const toPerson = (as: 'ASSIGNED' | 'CCED') => (v: string) =>
  v.startsWith('u:')
    ? { associatedAs: as, assignedTo: { id: Number(v.slice(2)) } }
    : { associatedAs: as, assignedToEmail: v.trim() };

function toBody(v: FormValues, dataSourceId: number, id: number | undefined): AutoTicketConfigBody {
  return {
    ...(id ? { id } : {}),
    configEnabled: v.configEnabled,
    brandColumn: v.brandColumn ?? '',
    partnerColumn: v.partnerColumn ?? null,
    subjectColumn: v.subjectColumn ?? null,
    tagColumn: v.tagColumn ?? null,
    orderIdColumn: v.orderIdColumn ?? null,
    notifyFromEmail: v.notifyFromEmail?.trim() || null,
    dataSource: { id: dataSourceId },
    assignees: v.blocks.map((b) => ({
      marketplaceBrand: { id: b.brandId ?? 0 },
      assignees: [...b.assignees.map(toPerson('ASSIGNED')), ...b.cc.map(toPerson('CCED'))],
    })),
  };
}

function PeopleField({
  options,
  ariaLabel,
  value,
  onChange,
}: {
  options: AutoTicketConfigAnswer['options']['users'];
  ariaLabel: string;
  value?: string[];
  onChange?: (next: string[]) => void;
}) {
  const { t } = useTranslation();
  const known = new Set(options.map((u) => `u:${u.id}`));
  const typed = (value ?? []).filter((v) => !known.has(v));
  return (
    <AppSelect<string[]>
      aria-label={ariaLabel}
      mode="tags"
      placeholder={t('opsConfig.autoTicketing.peoplePlaceholder')}
      value={value ?? []}
      onChange={(next) => onChange?.((next ?? []).map((v) => (v.startsWith('u:') ? v : v.trim())))}
      validateFreeText={(text) => (isTicketEmail(text) ? undefined : t('opsConfig.autoTicketing.invalidEmail'))}
      options={[
        ...options.map((u) => ({ value: `u:${u.id}`, label: u.name })),
        ...typed.map((email) => ({ value: email, label: email })),
      ]}
      tokenSeparators={[',', ';']}
    />
  );
}

/**
 * The Auto Ticketing side drawer of a data source (spec 3 §2): status switch, the columns that group and describe
 * the tickets, the notify-from e-mail, assignee blocks per marketplace brand (at least one; the last cannot be
 * deleted), and Delete, Back and Create / Update with the spec's three success texts.
 */
export function AutoTicketingDrawer({
  moduleId,
  dataSourceId,
  isOpen,
  isEditable,
  onClose,
}: {
  moduleId: number;
  dataSourceId: number;
  isOpen: boolean;
  isEditable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const answer = useAutoTicketConfig(moduleId, dataSourceId, isOpen);
  const save = useSaveAutoTicketConfig(moduleId, dataSourceId);
  const remove = useDeleteAutoTicketConfig(moduleId, dataSourceId, t('opsConfig.autoTicketing.deleted'));
  const config = answer.data?.data ?? null;
  const options = answer.data?.options;
  const blocks = Form.useWatch('blocks', form) ?? [];

  useEffect(() => {
    if (isOpen && answer.data) form.setFieldsValue(toValues(answer.data.data));
  }, [isOpen, answer.data, form]);

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync(toBody(values, dataSourceId, config?.id));
    } catch {
      return; // the common error toast says why
    }
    showSuccessToast(config ? t('opsConfig.autoTicketing.updated') : t('opsConfig.autoTicketing.created'));
  };
  const columnOptions = (options?.columns ?? []).map((c) => ({ value: c, label: c }));
  const columnField = (name: keyof FormValues, label: string, isRequired = false) => (
    <Form.Item
      name={name}
      label={label}
      rules={isRequired ? [{ required: true, message: t('opsConfig.autoTicketing.brandColumnRequired') }] : []}
    >
      <AppSelect<string>
        aria-label={label}
        allowClear={!isRequired}
        placeholder={t('opsConfig.autoTicketing.chooseColumn')}
        options={columnOptions}
      />
    </Form.Item>
  );

  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      width={640}
      destroyOnHidden
      title={t('opsConfig.autoTicketing.title')}
      footer={
        <Flex justify="space-between">
          <div>
            {config && isEditable && (
              <Popconfirm
                title={t('opsConfig.autoTicketing.deleteConfirm')}
                okText={t('opsConfig.autoTicketing.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(config.id, { onSuccess: onClose })}
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  {t('opsConfig.autoTicketing.delete')}
                </Button>
              </Popconfirm>
            )}
          </div>
          <Space>
            <Button onClick={onClose}>{t('opsConfig.autoTicketing.back')}</Button>
            {isEditable && (
              <Button type="primary" loading={save.isPending} disabled={!options} onClick={() => form.submit()}>
                {config ? t('opsConfig.autoTicketing.update') : t('opsConfig.autoTicketing.create')}
              </Button>
            )}
          </Space>
        </Flex>
      }
    >
      {answer.isError ? (
        <QueryError onRetry={() => void answer.refetch()} />
      ) : !options ? null : (
        <Form<FormValues>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={!isEditable}
          initialValues={toValues(config)}
          onFinish={() => void submit(form.getFieldsValue(true))}
        >
          <Typography.Paragraph type="secondary">{t('opsConfig.autoTicketing.intro')}</Typography.Paragraph>
          <Form.Item name="configEnabled" valuePropName="checked" label={t('opsConfig.autoTicketing.status')}>
            <Switch
              aria-label={t('opsConfig.autoTicketing.status')}
              checkedChildren={t('opsConfig.autoTicketing.enabled')}
              unCheckedChildren={t('opsConfig.autoTicketing.disabled')}
            />
          </Form.Item>
          {config?.updatedBy && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('opsConfig.autoTicketing.lastSaved', {
                name: config.updatedBy,
                date: formatDateTime(config.updatedAt),
              })}
            </Typography.Paragraph>
          )}
          <Typography.Title level={5}>{t('opsConfig.autoTicketing.columns')}</Typography.Title>
          <Flex gap={16}>
            <div style={{ flex: 1 }}>{columnField('brandColumn', t('opsConfig.autoTicketing.brandColumn'), true)}</div>
            <div style={{ flex: 1 }}>{columnField('partnerColumn', t('opsConfig.autoTicketing.partnerColumn'))}</div>
          </Flex>
          <Flex gap={16}>
            <div style={{ flex: 1 }}>{columnField('subjectColumn', t('opsConfig.autoTicketing.subjectColumn'))}</div>
            <div style={{ flex: 1 }}>{columnField('tagColumn', t('opsConfig.autoTicketing.tagColumn'))}</div>
          </Flex>
          <Flex gap={16}>
            <div style={{ flex: 1 }}>{columnField('orderIdColumn', t('opsConfig.autoTicketing.orderIdColumn'))}</div>
            <div style={{ flex: 1 }}>
              <Form.Item
                name="notifyFromEmail"
                label={t('opsConfig.autoTicketing.notifyFromEmail')}
                rules={[
                  {
                    validator: (_rule, value: string | undefined) =>
                      !value?.trim() || isTicketEmail(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('opsConfig.autoTicketing.invalidEmail'))),
                  },
                ]}
              >
                <Input aria-label={t('opsConfig.autoTicketing.notifyFromEmail')} placeholder="recon@company.com" />
              </Form.Item>
            </div>
          </Flex>
          <Typography.Title level={5}>{t('opsConfig.autoTicketing.assigneeBlocks')}</Typography.Title>
          {options.brands.length === 0 && (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('opsConfig.autoTicketing.noBrands')} />
          )}
          <Form.List name="blocks">
            {(fields, { add, remove: removeBlock }) => (
              <>
                {fields.map((field, i) => {
                  const chosen = new Set(blocks.flatMap((b, j) => (j !== i && b?.brandId ? [b.brandId] : [])));
                  const isLast = fields.length === 1;
                  return (
                    <Card
                      key={field.key}
                      size="small"
                      style={{ marginBottom: 12 }}
                      title={t('opsConfig.autoTicketing.block', { n: i + 1 })}
                      extra={
                        isEditable && (
                          <Tooltip
                            title={
                              isLast ? t('opsConfig.autoTicketing.lastBlock') : t('opsConfig.autoTicketing.deleteBlock')
                            }
                          >
                            <Button
                              type="text"
                              danger
                              aria-label={t('opsConfig.autoTicketing.deleteBlock')}
                              icon={<DeleteOutlined />}
                              disabled={isLast}
                              onClick={() => removeBlock(field.name)}
                            />
                          </Tooltip>
                        )
                      }
                    >
                      <Form.Item
                        name={[field.name, 'brandId']}
                        label={t('opsConfig.autoTicketing.marketplaceBrand')}
                        rules={[{ required: true, message: t('opsConfig.autoTicketing.brandRequired') }]}
                      >
                        <AppSelect<number>
                          aria-label={t('opsConfig.autoTicketing.marketplaceBrand')}
                          placeholder={t('opsConfig.autoTicketing.chooseBrand')}
                          options={options.brands
                            .filter((b) => !chosen.has(b.id))
                            .map((b) => ({ value: b.id, label: b.name }))}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'assignees']}
                        label={t('opsConfig.autoTicketing.assignees')}
                        rules={[
                          {
                            required: true,
                            type: 'array',
                            min: 1,
                            message: t('opsConfig.autoTicketing.assigneesRequired'),
                          },
                        ]}
                      >
                        <PeopleField options={options.users} ariaLabel={t('opsConfig.autoTicketing.assignees')} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'cc']}
                        label={t('opsConfig.autoTicketing.cc')}
                        style={{ marginBottom: 0 }}
                      >
                        <PeopleField options={options.users} ariaLabel={t('opsConfig.autoTicketing.cc')} />
                      </Form.Item>
                    </Card>
                  );
                })}
                {isEditable && (
                  <Button
                    type="dashed"
                    block
                    icon={<PlusOutlined />}
                    disabled={fields.length >= options.brands.length}
                    onClick={() => add(EMPTY_BLOCK)}
                  >
                    {t('opsConfig.autoTicketing.addBlock')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </Form>
      )}
    </Drawer>
  );
}
