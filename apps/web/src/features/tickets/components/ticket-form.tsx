import {
  defaultTicketDueDate,
  TICKET_PRIORITIES,
  TICKET_TAGS,
  TICKET_TITLE_MAX,
  TICKET_TYPES,
  type TicketDetail,
  type TicketLink,
  type TicketPriority,
  type TicketType,
} from '@recon/contract';
import { DATE_FORMATS } from '@recon/contract/constants';
import { DatePicker, Form, Input, List, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveTicket } from '@/features/tickets/api/tickets-api';
import { PeopleSelect, personValue, toUserRefs } from '@/features/tickets/components/people-select';
import { AppSelect } from '@/ui/app-select';

const SHOWN_ROWS = 20;

type Values = {
  title: string;
  priority: TicketPriority;
  type: TicketType;
  tags: string[];
  assignedTo: string[];
  cced: string[];
  dueDate: Dayjs;
  description?: string;
};

/**
 * Create or edit a ticket (spec 3 §3): title, priority, type, tags, assignees and cc (users or e-mails), due date
 * (10 days ahead at 23:59:59.999 for a new one) and a description. `links`: the recon rows a new ticket is raised on.
 */
export function TicketForm({
  moduleId,
  open,
  ticket,
  links,
  initialTitle,
  rows,
  onClose,
  onSaved,
}: {
  moduleId: number;
  open: boolean;
  ticket?: TicketDetail;
  links?: TicketLink[];
  /** A new ticket's title as proposed (raised on rows: the recon, the tab and the first references). */
  initialTitle?: string;
  /** The rows a new ticket is raised on, listed in the form (reference and a short line each). */
  rows?: readonly { id: number; reference: string; summary: string }[];
  onClose: () => void;
  onSaved?: (t: TicketDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveTicket(moduleId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      ticket
        ? {
            title: ticket.title,
            priority: ticket.priority,
            type: ticket.type,
            tags: ticket.tags,
            assignedTo: ticket.assignees.map(personValue),
            cced: ticket.cced.map(personValue),
            dueDate: dayjs(ticket.dueDate),
            description: ticket.description ?? undefined,
          }
        : {
            ...(initialTitle ? { title: initialTitle } : {}),
            priority: 'MEDIUM',
            type: 'INCIDENT',
            tags: [],
            assignedTo: [],
            cced: [],
            dueDate: dayjs(defaultTicketDueDate(new Date())),
          },
    );
  }, [open, ticket, form, initialTitle]);

  const submit = async () => {
    const v = await form.validateFields();
    const fields = {
      title: v.title,
      priority: v.priority,
      type: v.type,
      tags: v.tags ?? [],
      assignedTo: toUserRefs(v.assignedTo ?? []),
      cced: toUserRefs(v.cced ?? []),
      dueDate: v.dueDate.toISOString(),
      description: v.description?.trim() ? v.description : null,
      marketplaceBrand: ticket?.marketplaceBrand ? { id: ticket.marketplaceBrand.id } : null,
    };
    const saved = await save.mutateAsync(ticket ? { id: ticket.id, ...fields } : { ...fields, links: links ?? [] });
    onSaved?.(saved);
    onClose();
  };

  const known = ticket ? [...ticket.assignees, ...ticket.cced] : [];
  return (
    <Modal
      open={open}
      title={ticket ? t('tickets.editTitle', { id: ticket.id }) : t('tickets.createTitle')}
      okText={ticket ? t('tickets.save') : t('tickets.create')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      {links && links.length > 0 && (
        <p style={{ marginTop: 0 }}>
          {t('tickets.raisedOnRows', { count: links.reduce((n, l) => n + l.rowIds.length, 0) })}
        </p>
      )}
      {rows && rows.length > 0 && (
        <List
          size="small"
          bordered
          aria-label={t('tickets.raisedRows')}
          style={{ marginBottom: 16, maxHeight: 156, overflowY: 'auto' }}
          dataSource={rows.slice(0, SHOWN_ROWS)}
          renderItem={(r) => (
            <List.Item style={{ padding: '4px 12px' }}>
              <Typography.Text strong>{r.reference || `#${r.id}`}</Typography.Text>
              <Typography.Text type="secondary">{r.summary}</Typography.Text>
            </List.Item>
          )}
          footer={
            rows.length > SHOWN_ROWS ? (
              <Typography.Text type="secondary">
                {t('tickets.moreRows', { count: rows.length - SHOWN_ROWS })}
              </Typography.Text>
            ) : undefined
          }
        />
      )}
      <Form<Values> form={form} layout="vertical" validateTrigger="onBlur" requiredMark>
        <Form.Item
          name="title"
          label={t('tickets.titleField')}
          rules={[{ required: true, whitespace: true, message: t('tickets.titleRequired') }]}
        >
          <Input maxLength={TICKET_TITLE_MAX} autoFocus />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1.4fr', gap: 12 }}>
          <Form.Item name="priority" label={t('tickets.priority')} rules={[{ required: true }]}>
            <AppSelect<TicketPriority>
              allowClear={false}
              options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priorities.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="type" label={t('tickets.type')} rules={[{ required: true }]}>
            <AppSelect<TicketType>
              allowClear={false}
              options={TICKET_TYPES.map((p) => ({ value: p, label: t(`tickets.types.${p}`) }))}
            />
          </Form.Item>
          <Form.Item name="dueDate" label={t('tickets.dueDate')} rules={[{ required: true }]}>
            <DatePicker
              showTime
              format={`${DATE_FORMATS.display} hh:mm A`}
              style={{ width: '100%' }}
              allowClear={false}
            />
          </Form.Item>
        </div>
        <Form.Item name="assignedTo" label={t('tickets.assignees')}>
          <PeopleSelect known={known} ariaLabel={t('tickets.assignees')} />
        </Form.Item>
        <Form.Item name="cced" label={t('tickets.cc')}>
          <PeopleSelect known={known} ariaLabel={t('tickets.cc')} />
        </Form.Item>
        <Form.Item name="tags" label={t('tickets.tags')}>
          <AppSelect<string[]> mode="tags" options={TICKET_TAGS.map((tag) => ({ value: tag, label: tag }))} />
        </Form.Item>
        <Form.Item name="description" label={t('tickets.description')}>
          <Input.TextArea rows={4} maxLength={65000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
