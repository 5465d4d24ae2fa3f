import { authEndpoints as E } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as service from './auth.service.ts';
import * as ldap from './ldap.service.ts';
import * as saml from './saml.service.ts';

const meta = (r: FastifyRequest) => ({ ip: r.ip, requestId: r.id });
const headerOf = (r: FastifyRequest, name: string) => {
  const v = r.headers[name];
  return typeof v === 'string' && v.trim() ? v.trim() : null;
};

/** Sign-in, one-time codes, password reset, refresh and logout (spec 1 §7). */
export function authRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.login, ({ body }, req) => service.login(ctx, body, meta(req))),
      route(E.loginMethods, async () => ({
        data: [
          { type: 'PASSWORD' as const, label: 'User name and password', isEnabled: true },
          ...(await ldap.ldapLoginMethods(ctx)),
          ...(await saml.samlLoginMethods(ctx)),
        ],
      })),
      route(E.ldapLogin, ({ body }, req) => ldap.login(ctx, body, meta(req))),
      route(E.samlLogin, (_input, req) =>
        saml.completeSignIn(ctx, headerOf(req, 'authtoken'), headerOf(req, 'username'), meta(req)),
      ),
      route(E.ssoLogin, ({ body }, req) => saml.startSignIn(ctx, body.registrationId, meta(req))),
      route(E.verifyOtp, ({ body }, req) => service.verifyOtp(ctx, body, meta(req))),
      route(E.resendOtp, ({ params }, req) => service.resendOtp(ctx, params.userId, meta(req))),
      route(E.updateNumber, ({ query }, req) => service.updateNumber(ctx, query.mobile, query.tempToken, meta(req))),
      route(E.forgotPassword, ({ body }, req) => service.forgotPassword(ctx, body.userName, meta(req))),
      route(E.sendResetOtp, ({ query }, req) => service.sendResetOtp(ctx, query.tempToken, meta(req))),
      route(E.resetPassword, ({ body }, req) => service.resetPassword(ctx, body, meta(req))),
      route(E.refresh, ({ body }, req) => service.refresh(ctx, body, meta(req))),
      route(E.logout, (_input, req) => service.logout(ctx, req.requirePrincipal(), meta(req))),
    ]);
}
