import { TICKET_SLA_MAX_HOURS, type TicketSlaRuleAnswer } from '@recon/contract';
import { Form, InputNumber, Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveTicketSlaRule, useTicketSlaRule } from '@/features/tickets/api/sla-api';
import { AppSelect } from '@/ui/app-select';
import { QueryError } from '@/ui/query-error';

type Values = { isEnabled: boolean; escalateAfterHours: number | null; escalateTo?: number | null };

const toValues = (a: TicketSlaRuleAnswer): Values => ({
  isEnabled: a.data?.isEnabled ?? true,
  escalateAfterHours: a.data?.escalateAfterHours ?? 24,
  escalateTo: a.data?.escalateTo?.id ?? null,
});

function RuleForm({ answer, onSubmit }: { answer: TicketSlaRuleAnswer; onSubmit: (v: Values) => void }) {
  const { t } = useTranslation();
  return (
    <Form<Values>
      id="ticket-sla-rule"
      layout="vertical"
      validateTrigger="onBlur"
      initialValues={toValues(answer)}
      onFinish={onSubmit}
    >
      <Typography.Paragraph type="secondary">{t('tickets.sla.ruleIntro')}</Typography.Paragraph>
      <Form.Item name="isEnabled" valuePropName="checked" label={t('tickets.sla.ruleEnabled')}>
        <Switch aria-label={t('tickets.sla.ruleEnabled')} />
      </Form.Item>
      <Form.Item
        name="escalateAfterHours"
        label={t('tickets.sla.escalateAfter')}
        rules={[{ required: true, message: t('tickets.sla.escalateAfterRequired') }]}
      >
        <InputNumber
          aria-label={t('tickets.sla.escalateAfter')}
          min={0}
          max={TICKET_SLA_MAX_HOURS}
          precision={0}
          addonAfter={t('tickets.sla.hoursOverdue')}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item name="escalateTo" label={t('tickets.sla.escalateTo')}>
        <AppSelect<number>
          aria-label={t('tickets.sla.escalateTo')}
          allowClear
          placeholder={t('tickets.sla.nobody')}
          options={answer.options.users.map((u) => ({ value: u.id, label: u.name }))}
        />
      </Form.Item>
    </Form>
  );
}

/** The module's SLA rule (decision 0032): on / off, escalate after N hours overdue, to whom. */
export function SlaRuleModal({
  moduleId,
  isOpen,
  onClose,
}: {
  moduleId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answer = useTicketSlaRule(moduleId, isOpen);
  const save = useSaveTicketSlaRule(moduleId, t('tickets.sla.ruleSaved'));
  return (
    <Modal
      open={isOpen}
      onCancel={onClose}
      title={t('tickets.sla.ruleTitle')}
      okText={t('tickets.sla.save')}
      okButtonProps={{ htmlType: 'submit', form: 'ticket-sla-rule', loading: save.isPending, disabled: !answer.data }}
      destroyOnHidden
    >
      {answer.isError ? (
        <QueryError onRetry={() => void answer.refetch()} />
      ) : answer.data ? (
        <RuleForm
          answer={answer.data}
          onSubmit={(v) =>
            save.mutate(
              {
                isEnabled: v.isEnabled,
                escalateAfterHours: v.escalateAfterHours ?? 0,
                escalateTo: v.escalateTo ? { id: v.escalateTo } : null,
              },
              { onSuccess: onClose },
            )
          }
        />
      ) : null}
    </Modal>
  );
}
