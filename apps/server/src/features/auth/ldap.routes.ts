import { ldapEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as ldap from './ldap.service.ts';

/** The installation's LDAP directory (Settings › integrations/ldap-setup, decision 0023). */
export function ldapRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.config, () => ldap.getConfig(ctx)),
      route(E.save, ({ body }, req) => ldap.saveConfig(ctx, body, actorOf(req))),
      route(E.test, ({ body }) => ldap.testConfig(ctx, body)),
      route(E.remove, (_input, req) => ldap.deleteConfig(ctx, actorOf(req))),
    ]);
}
