import { TICKET_STATUS_LABELS, type TicketAction, type TicketDetail, type TicketStatus } from '@recon/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketAction } from '@/features/tickets/api/tickets-api';
import { PeopleSelect, toUserRefs } from '@/features/tickets/components/people-select';
import { AppSelect } from '@/ui/app-select';

type Values = { remark?: string; status?: TicketStatus; assignedTo?: string[] };

/**
 * The confirmation of a status action (decision 0025): reassign asks for the new assignees, change status for the
 * status (only those the table allows from here), every action for an optional remark kept in the history.
 */
export function TicketActionModal({
  moduleId,
  ticket,
  action,
  onClose,
}: {
  moduleId: number;
  ticket: TicketDetail;
  action: TicketAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const move = useTicketAction(moduleId);
  useEffect(() => {
    if (action) form.resetFields();
  }, [action, form]);

  const submit = async () => {
    if (!action) return;
    const v = await form.validateFields();
    await move.mutateAsync({
      action,
      id: ticket.id,
      remark: v.remark?.trim() || undefined,
      ...(action === 'change_status' ? { status: v.status } : {}),
      ...(action === 'reassign' ? { assignedTo: toUserRefs(v.assignedTo ?? []) } : {}),
    });
    onClose();
  };

  return (
    <Modal
      open={action !== null}
      title={action ? t(`tickets.actionTitles.${action}`, { id: ticket.id }) : ''}
      okText={action ? t(`tickets.actions.${action}`) : ''}
      okButtonProps={{ danger: action === 'close' || action === 'escalate' }}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={move.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {action && <p style={{ marginTop: 0 }}>{t(`tickets.actionHelp.${action}`)}</p>}
      <Form<Values> form={form} layout="vertical">
        {action === 'reassign' && (
          <Form.Item
            name="assignedTo"
            label={t('tickets.newAssignees')}
            rules={[{ required: true, type: 'array', min: 1, message: t('tickets.assigneeRequired') }]}
          >
            <PeopleSelect known={[...ticket.assignees, ...ticket.cced]} ariaLabel={t('tickets.newAssignees')} />
          </Form.Item>
        )}
        {action === 'change_status' && (
          <Form.Item
            name="status"
            label={t('tickets.newStatus')}
            rules={[{ required: true, message: t('tickets.statusRequired') }]}
          >
            <AppSelect<TicketStatus>
              aria-label={t('tickets.newStatus')}
              options={ticket.nextStatuses.map((s) => ({ value: s, label: TICKET_STATUS_LABELS[s] }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('tickets.remark')}>
          <Input.TextArea rows={3} maxLength={65000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
