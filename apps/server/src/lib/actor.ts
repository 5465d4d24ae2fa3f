import type { FastifyRequest } from 'fastify';
import type { Principal } from '@/lib/principal.ts';

/** Who makes a change, for its audit record. */
export type Actor = { principal: Principal; ip: string; requestId: string };

export const actorOf = (req: FastifyRequest): Actor => ({
  principal: req.requirePrincipal(),
  ip: req.ip,
  requestId: req.id,
});

/** The caller's module: routes of this area declare `module: 'required'`, so the guard has set it. */
export function moduleOf(req: FastifyRequest): number {
  if (req.moduleId === null) throw new Error('module-scoped route reached without a module');
  return req.moduleId;
}
