import type { AuditEvent } from '@recon/contract';
import type { Db } from '@recon/db';

export type AuditEntry = {
  event: AuditEvent;
  outcome: 'SUCCESS' | 'FAILURE';
  userId?: number | null;
  userName?: string | null;
  moduleId?: number | null;
  entityType?: string | null;
  entityId?: string | number | null;
  ip?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
};

/** Appends one audit record. Takes the db or the caller's transaction, so a change and its audit commit together. */
export async function writeAudit(db: Db, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      event: e.event,
      outcome: e.outcome,
      user_id: e.userId ?? null,
      user_name: e.userName ?? null,
      module_id: e.moduleId ?? null,
      entity_type: e.entityType ?? null,
      entity_id: e.entityId == null ? null : String(e.entityId),
      ip: e.ip ?? null,
      request_id: e.requestId ?? null,
      details: JSON.stringify(e.details ?? {}),
    })
    .execute();
}
