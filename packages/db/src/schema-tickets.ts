import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611281400_tickets.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export type TicketPriorityValue = 'LOW' | 'MEDIUM' | 'HIGH' | 'URGENT';
export type TicketTypeValue = 'QUESTION' | 'INCIDENT' | 'PROBLEM' | 'TASK';
export type TicketStatusValue = 'OPEN' | 'ASSIGNED' | 'ESCALATED' | 'REOPEN' | 'ON_HOLD' | 'CLOSED';
export type TicketHistoryActionValue =
  | 'CREATED'
  | 'EDITED'
  | 'REASSIGNED'
  | 'ESCALATED'
  | 'REOPENED'
  | 'CLOSED'
  | 'STATUS_CHANGED'
  | 'COMMENTED'
  | 'ROWS_LINKED'
  // migrations/202611290300_ticket_knock_off.sql (decision 0029)
  | 'KNOCKED_OFF'
  | 'KNOCK_OFF_SKIPPED'
  | 'KNOCK_OFF_PENDING'
  | 'KNOCK_OFF_REFUSED';

export type TicketTable = {
  id: Id;
  module_id: number;
  title: string;
  description: string | null;
  priority: TicketPriorityValue;
  type: TicketTypeValue;
  status: TicketStatusValue;
  origin: ColumnType<'INTERNAL' | 'EXTERNAL', 'INTERNAL' | 'EXTERNAL' | undefined, 'INTERNAL' | 'EXTERNAL'>;
  external_type: string | null;
  external_provider: string | null;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  marketplace_brand_id: number | null;
  due_date: Timestamp;
  created_by: number;
  created_at: Timestamp;
  assigned_by: number | null;
  updated_at: Timestamp;
};

export type TicketUserTable = {
  id: Id;
  ticket_id: number;
  associated_as: 'ASSIGNED' | 'CCED';
  user_id: number | null;
  external_email: string | null;
};

export type TicketCommentTable = {
  id: Id;
  ticket_id: number;
  comment: string;
  created_by: number;
  created_at: Timestamp;
};

export type TicketHistoryTable = {
  id: Id;
  ticket_id: number;
  action: TicketHistoryActionValue;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  remark: string | null;
  changed_by: number;
  changed_at: Timestamp;
};

export type TicketTransactionTable = {
  ticket_id: number;
  data_source_id: number;
  row_id: number;
  linked_by: number;
  linked_at: Timestamp;
};

export type TicketsDatabase = {
  ticket: TicketTable;
  ticket_user: TicketUserTable;
  ticket_comment: TicketCommentTable;
  ticket_history: TicketHistoryTable;
  ticket_transaction: TicketTransactionTable;
};
