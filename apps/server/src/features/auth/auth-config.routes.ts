import { authConfigEndpoints as E } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { actorOf } from '@/lib/actor.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as service from './auth-config.service.ts';
import { createCaptcha } from './captcha.ts';

/** Settings › integrations/auth-config, the public password policy and CAPTCHA, and the caller's password change. */
export function authConfigRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.get, () => service.getAuthConfig(ctx)),
      route(E.update, ({ body }, req) => service.updateAuthConfig(ctx, body, actorOf(req))),
      route(E.passwordPolicy, () => service.getPasswordPolicy(ctx)),
      route(E.captcha, () => createCaptcha(ctx)),
      route(E.changePassword, ({ body }, req) => service.changePassword(ctx, body, actorOf(req))),
    ]);
}
