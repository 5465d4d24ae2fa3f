import {
  TICKET_STATUS_LABELS,
  type TicketAction,
  type TicketCloseRows,
  type TicketDetail,
  type TicketStatus,
} from '@recon/contract';
import { Form, Input, Modal, Radio, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketAction } from '@/features/tickets/api/tickets-api';
import { PeopleSelect, toUserRefs } from '@/features/tickets/components/people-select';
import { showSuccessToast } from '@/lib/toast';
import { AppSelect } from '@/ui/app-select';

type Values = { remark?: string; status?: TicketStatus; assignedTo?: string[]; linkedRows?: TicketCloseRows };

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
  // Closing a ticket with open linked rows asks what becomes of them (decision 0029).
  const openRows = ticket.links.reduce((n, l) => n + l.openRowCount, 0);
  const asksRows = action === 'close' && openRows > 0;
  useEffect(() => {
    if (action) form.resetFields();
  }, [action, form]);

  const submit = async () => {
    if (!action) return;
    const v = await form.validateFields();
    const after = await move.mutateAsync({
      action,
      id: ticket.id,
      remark: v.remark?.trim() || undefined,
      ...(action === 'change_status' ? { status: v.status } : {}),
      ...(action === 'reassign' ? { assignedTo: toUserRefs(v.assignedTo ?? []) } : {}),
      ...(asksRows ? { linkedRows: v.linkedRows } : {}),
    });
    if (asksRows && v.linkedRows === 'KNOCK_OFF')
      showSuccessToast(
        after.knockOffApprovalIds.length > 0 ? t('tickets.closeRows.sentForApproval') : t('tickets.closeRows.done'),
      );
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
      {action && (
        <p style={{ marginTop: 0 }}>
          {asksRows ? t('tickets.closeRows.help', { count: openRows }) : t(`tickets.actionHelp.${action}`)}
        </p>
      )}
      <Form<Values> form={form} layout="vertical">
        {asksRows && (
          <Form.Item
            name="linkedRows"
            label={t('tickets.closeRows.label')}
            rules={[{ required: true, message: t('tickets.closeRows.required') }]}
          >
            <Radio.Group aria-label={t('tickets.closeRows.label')}>
              <Space direction="vertical">
                <Radio value="KNOCK_OFF">{t('tickets.closeRows.knockOff')}</Radio>
                <Radio value="LEAVE_OPEN">{t('tickets.closeRows.leaveOpen')}</Radio>
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
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
