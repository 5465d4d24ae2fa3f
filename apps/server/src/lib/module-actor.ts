import type { AuditEvent } from '@recon/contract';
import type { Db } from '@recon/db';
import type { FastifyRequest } from 'fastify';
import { moduleOf } from '@/lib/actor.ts';
import { writeAudit } from '@/lib/audit.ts';

/** Who changes module-scoped data, from where: every service call of a `module: 'required'` route gets one. */
export type ModuleActor = {
  userId: number;
  userName: string;
  moduleId: number;
  ip: string | null;
  requestId: string | null;
};

/** The selected module of a `module: 'required'` route. */
export const selectedModuleId = moduleOf;

export function moduleActorOf(req: FastifyRequest): ModuleActor {
  const principal = req.requirePrincipal();
  return {
    userId: principal.userId,
    userName: principal.userName,
    moduleId: selectedModuleId(req),
    ip: req.ip,
    requestId: req.id,
  };
}

/** Who made a change, in which module and from where, as an audit entry's fields (spread into a `writeAudit` entry). */
export const auditByModuleActor = (actor: ModuleActor) => ({
  userId: actor.userId,
  userName: actor.userName,
  moduleId: actor.moduleId,
  ip: actor.ip,
  requestId: actor.requestId,
});

/** Audits a successful change inside the caller's transaction, so the change and its record commit together. */
export function auditChange(
  db: Db,
  actor: ModuleActor,
  entry: { event: AuditEvent; entityType: string; entityId: number | string; details: Record<string, unknown> },
): Promise<void> {
  return writeAudit(db, { ...entry, outcome: 'SUCCESS', ...auditByModuleActor(actor) });
}
