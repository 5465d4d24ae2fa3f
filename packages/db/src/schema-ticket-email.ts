import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of migrations/202611290400_ticket_email.sql (decision 0030). Keep in step with the SQL. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type TicketEmailTable = {
  id: Generated<number>;
  ticket_id: number;
  direction: 'OUT' | 'IN';
  status: 'SENT' | 'QUEUED' | 'FAILED' | 'RECEIVED';
  via: 'GMAIL' | 'OUTLOOK' | 'OUTBOX';
  oauth_account_id: number | null;
  message_id: string;
  in_reply_to: string | null;
  provider_message_id: string | null;
  from_address: string;
  to_addresses: ColumnType<string[], string[] | undefined, string[]>;
  cc_addresses: ColumnType<string[], string[] | undefined, string[]>;
  subject: string;
  body: string;
  error: string | null;
  sent_by: number | null;
  occurred_at: Timestamp;
  created_at: Timestamp;
};

export type TicketEmailDatabase = { ticket_email: TicketEmailTable };
