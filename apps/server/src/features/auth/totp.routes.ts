import { userTotpEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as totp from './totp.service.ts';

/** A user's authenticator app as their second factor (decision 0028). */
export function userTotpRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.status, (_input, req) => totp.status(ctx, actorOf(req))),
      route(E.enrol, (_input, req) => totp.enrol(ctx, actorOf(req))),
      route(E.confirm, ({ body }, req) => totp.confirm(ctx, actorOf(req), body.code)),
      route(E.regenerateRecoveryCodes, ({ body }, req) => totp.regenerateRecoveryCodes(ctx, actorOf(req), body.code)),
      route(E.reset, ({ params }, req) => totp.reset(ctx, actorOf(req), params.id)),
    ]);
}
