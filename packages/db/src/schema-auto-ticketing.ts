import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611290500_auto_ticketing.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export type AutoTicketConfigTable = {
  id: Id;
  module_id: number;
  data_source_id: number;
  config_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  partner_column: string | null;
  brand_column: string;
  subject_column: string | null;
  tag_column: string | null;
  order_id_column: string | null;
  notify_from_email: string | null;
  created_by: number;
  created_at: Timestamp;
  updated_by: number;
  updated_at: Timestamp;
};

export type AutoTicketBlockTable = {
  id: Id;
  config_id: number;
  marketplace_brand_id: number;
  sequence: number;
};

export type AutoTicketAssigneeTable = {
  id: Id;
  block_id: number;
  associated_as: 'ASSIGNED' | 'CCED';
  user_id: number | null;
  external_email: string | null;
};

export type AutoTicketGroupTable = {
  ticket_id: number;
  data_source_id: number;
  group_key: string;
  brand_value: string;
  partner_value: string | null;
  open_rows: ColumnType<number, number | undefined, number>;
  auto_closed: ColumnType<boolean, boolean | undefined, boolean>;
};

export type AutoTicketingDatabase = {
  auto_ticket_config: AutoTicketConfigTable;
  auto_ticket_block: AutoTicketBlockTable;
  auto_ticket_assignee: AutoTicketAssigneeTable;
  auto_ticket_group: AutoTicketGroupTable;
};

/** Kysely's view of migrations/202611290510_ticket_sla.sql. */
export type TicketSlaRuleTable = {
  module_id: number;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  escalate_after_hours: number;
  escalate_to_user_id: number | null;
  updated_by: number;
  updated_at: Timestamp;
};

export type TicketSlaEscalationTable = {
  ticket_id: number;
  escalated_at: Timestamp;
  after_hours: number;
  escalated_to_user_id: number | null;
};

export type TicketSlaDatabase = {
  ticket_sla_rule: TicketSlaRuleTable;
  ticket_sla_escalation: TicketSlaEscalationTable;
};
