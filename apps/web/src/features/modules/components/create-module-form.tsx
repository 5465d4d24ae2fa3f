import { createModuleRequestSchema, MODULE_NAME_MAX, type ModuleDetail } from '@recon/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateModule } from '@/features/modules/api/create-module';
import { UserPicker } from '@/features/modules/components/user-picker';
import { errorBodyOf, firstServerMessage, httpStatusOf } from '@/lib/http-errors';
import { notifyHttpError } from '@/lib/query-client';
import { showSuccessToast } from '@/lib/toast';

type Values = { name?: string; userIds?: number[] };

const HTTP_CONFLICT = 409;

export type UserIdsProblem = 'usersRequired' | 'minOneUser' | null;

/** Untouched users field → "Users are required"; every user removed again → "Minimum 1 User is required". */
export function userIdsProblem(value: readonly number[] | undefined): UserIdsProblem {
  if (value === undefined || value === null) return 'usersRequired';
  return value.length === 0 ? 'minOneUser' : null;
}

type Props = { onCreated: (module: ModuleDetail) => void; onCancel: () => void };

/** Name and users of a new module; validates on blur, never on mount; Add Module stays off until valid. */
export function CreateModuleForm({ onCreated, onCancel }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const name = Form.useWatch('name', form);
  const userIds = Form.useWatch('userIds', form);
  const create = useCreateModule();
  const isValid = createModuleRequestSchema.safeParse({ name: name ?? '', userIds }).success;

  const onFinish = (values: Values) =>
    create.mutate(
      { name: (values.name ?? '').trim(), userIds: values.userIds ?? [] },
      {
        onSuccess: (module) => {
          showSuccessToast(t('modules.created'));
          form.resetFields();
          onCreated(module);
        },
        onError: (error) => {
          if (httpStatusOf(error) === HTTP_CONFLICT) {
            const message = firstServerMessage(errorBodyOf(error)) ?? t('modules.nameTaken');
            form.setFields([{ name: 'name', errors: [message] }]);
          } else {
            void notifyHttpError(error);
          }
        },
      },
    );

  return (
    <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" onFinish={onFinish} requiredMark>
      <Form.Item
        name="name"
        label={t('modules.name')}
        required
        rules={[
          {
            validator: async (_, value: unknown) => {
              const text = typeof value === 'string' ? value.trim() : '';
              if (!text) throw new Error(t('modules.nameRequired'));
              if (text.length > MODULE_NAME_MAX) throw new Error(t('modules.nameTooLong', { max: MODULE_NAME_MAX }));
            },
          },
        ]}
      >
        <Input placeholder={t('modules.nameHint')} maxLength={MODULE_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="userIds"
        label={t('modules.users')}
        required
        rules={[
          {
            validator: async (_, value: number[] | undefined) => {
              const problem = userIdsProblem(value);
              if (problem) throw new Error(t(`modules.${problem}`));
            },
          },
        ]}
      >
        <UserPicker aria-label={t('modules.users')} />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" disabled={!isValid || create.isPending} loading={create.isPending}>
          {t('modules.add')}
        </Button>
      </Flex>
    </Form>
  );
}
