import { DATA_TABLE_DESCRIPTION_MAX, type DataTableKind } from '@recon/contract';
import { Button, Card, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_COLUMN, type TableDraft, tableDraftProblems, tableNameProblem } from '@/features/data-tables/column-rules';
import { ColumnEditor } from '@/features/data-tables/components/column-editor';
import { type FieldMessages, setFieldMessages } from '@/lib/form-errors';

type Props = {
  kind: DataTableKind;
  isSaving: boolean;
  /** Sends the checked draft; answers the server's field errors to show, or null when it went through. */
  onSubmit: (draft: TableDraft) => Promise<FieldMessages[] | null>;
  onCancel: () => void;
};

const isListLevel = (f: FieldMessages) => f.name.length === 1 && f.name[0] === 'columns';

/**
 * Name, description and columns of a new table. The client runs the server's own schema first and shows
 * each problem under its field; whatever the server still refuses comes back beside its field too.
 */
export function TableDefinitionForm({ kind, isSaving, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TableDraft>();
  const [listError, setListError] = useState<string[]>([]);

  const show = (problems: FieldMessages[]) => {
    setListError(problems.filter(isListLevel).flatMap((p) => p.errors));
    setFieldMessages(
      form,
      problems.filter((p) => !isListLevel(p)),
    );
  };

  const onFinish = async (draft: TableDraft) => {
    const problems = tableDraftProblems(draft);
    if (problems.length > 0) {
      show(problems);
      return;
    }
    setListError([]);
    const serverProblems = await onSubmit(draft);
    if (serverProblems) show(serverProblems);
  };

  return (
    <Form<TableDraft>
      name="tableDefinition"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={{ name: '', description: '', columns: [{ ...NEW_COLUMN }] }}
      onFinish={(draft) => void onFinish(draft)}
      requiredMark
    >
      <Card style={{ marginBottom: 16 }}>
        <Form.Item
          name="name"
          label={t('opsConfig.dataTables.name')}
          required
          extra={t('opsConfig.dataTables.nameHelp')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = tableNameProblem(value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input
            autoComplete="off"
            maxLength={40}
            placeholder={kind === 'MASTER' ? 'merchant_master' : 'bank_statement'}
            style={{ maxWidth: 420 }}
          />
        </Form.Item>
        <Form.Item name="description" label={t('opsConfig.dataTables.descriptionLabel')}>
          <Input.TextArea maxLength={DATA_TABLE_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Card>
      <Card title={t('opsConfig.dataTables.columns')} style={{ marginBottom: 16 }}>
        <ColumnEditor form={form} listError={listError} />
      </Card>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('opsConfig.common.create')}
        </Button>
      </Flex>
    </Form>
  );
}
