import { INTEGRATION_TEXTS } from '@recon/contract/texts';
import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type SaveTarget, useSaveConfig } from '@/features/integrations/api/config-resource';
import { setFieldMessages } from '@/lib/form-errors';
import { saveWithFieldErrors } from '@/lib/save-form';
import { showSuccessToast } from '@/lib/toast';

type Check = { field: string; message: string } | null;
export type IntegrationMessageKey = `integrations.messages.${keyof typeof INTEGRATION_TEXTS}`;

/** A contract message (`INTEGRATION_TEXTS`) as its i18n key, so what the form shows goes through i18next. */
export function integrationMessageKey(message: string): IntegrationMessageKey | null {
  const key = (Object.keys(INTEGRATION_TEXTS) as (keyof typeof INTEGRATION_TEXTS)[]).find(
    (k) => INTEGRATION_TEXTS[k] === message,
  );
  return key ? `integrations.messages.${key}` : null;
}

type Props<Values, Save extends { id?: number | null }> = {
  resource: SaveTarget<Save>;
  isOpen: boolean;
  /** The record's id when editing; absent for a new one. */
  id?: number;
  title: string;
  form: FormInstance<Values>;
  initialValues: Partial<Values>;
  toBody: (values: Values) => Save;
  /** The contract's checks of the body (the server runs the same): the first problem goes under its field. */
  check: (body: Save) => Check;
  onClose: () => void;
  children: ReactNode;
};

/**
 * The create/edit modal of a config resource: fields checked on blur, the contract's checks on save, then the
 * server's field errors under their fields (other failures: the common toast).
 */
export function ConfigFormModal<Values, Save extends { id?: number | null }>({
  resource,
  isOpen,
  id,
  title,
  form,
  initialValues,
  toBody,
  check,
  onClose,
  children,
}: Props<Values, Save>) {
  const { t } = useTranslation();
  const save = useSaveConfig(resource);

  const onFinish = async (values: Values) => {
    const body = { ...toBody(values), ...(id ? { id } : {}) };
    const problem = check(body);
    if (problem) {
      const key = integrationMessageKey(problem.message);
      setFieldMessages(form, [{ name: [problem.field], errors: [key ? t(key) : problem.message] }]);
      return;
    }
    const fields = await saveWithFieldErrors(() => save.mutateAsync(body));
    if (fields) {
      setFieldMessages(
        form,
        fields.map((f) => ({
          ...f,
          errors: f.errors.map((m) => {
            const key = integrationMessageKey(m);
            return key ? t(key) : m;
          }),
        })),
      );
      return;
    }
    showSuccessToast(t(id ? 'integrations.messages.updated' : 'integrations.messages.created'));
    onClose();
  };

  return (
    <Modal
      open={isOpen}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={id ? t('integrations.update') : t('integrations.create')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={640}
      // Near the top, the fields scrolling inside: Create and Cancel stay in view on a 720 px high screen.
      style={{ top: 24 }}
      styles={{ body: { maxHeight: 'calc(100vh - 180px)', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
    >
      {isOpen && (
        <Form<Values>
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          initialValues={initialValues}
          onFinish={(values) => void onFinish(values)}
          requiredMark
        >
          {children}
        </Form>
      )}
    </Modal>
  );
}
