import type { FastifyRequest } from 'fastify';
import type { Principal } from '@/lib/principal.ts';

/** Who makes a change, for its audit record. */
export type Actor = { principal: Principal; ip: string; requestId: string };

export const actorOf = (req: FastifyRequest): Actor => ({
  principal: req.requirePrincipal(),
  ip: req.ip,
  requestId: req.id,
});

/**
 * Who made a change and from where, as an audit entry's fields: spread into a `writeAudit` entry
 * (`writeAudit(tx, { event, outcome, ...auditBy(actor), entityType, … })`).
 */
export const auditBy = (actor: Actor) => ({
  userId: actor.principal.userId,
  userName: actor.principal.userName,
  ip: actor.ip,
  requestId: actor.requestId,
});

/** The caller's module: routes of this area declare `module: 'required'`, so the guard has set it. */
export function moduleOf(req: FastifyRequest): number {
  if (req.moduleId === null) throw new Error('module-scoped route reached without a module');
  return req.moduleId;
}
