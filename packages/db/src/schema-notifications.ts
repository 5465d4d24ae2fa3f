import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611290600_notifications.sql. Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type NotificationKind =
  | 'EXECUTION_FAILED'
  | 'APPROVAL_WAITING'
  | 'FILE_REJECTED'
  | 'TICKET_ASSIGNED'
  | 'SLA_BREACHED';

export type NotificationTable = {
  id: Generated<number>;
  user_id: number;
  module_id: number;
  kind: NotificationKind;
  title: string;
  link: string | null;
  read_at: NullableTimestamp;
  created_at: Timestamp;
};

export type NotificationPreferenceTable = {
  user_id: number;
  module_id: number;
  kind: NotificationKind;
  in_app: Generated<boolean>;
  by_email: Generated<boolean>;
};

export type NotificationsDatabase = {
  notification: NotificationTable;
  notification_preference: NotificationPreferenceTable;
};
