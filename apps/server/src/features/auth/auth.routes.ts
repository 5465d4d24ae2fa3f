import { authEndpoints as E } from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import * as service from './auth.service.ts';

const meta = (r: FastifyRequest) => ({ ip: r.ip, requestId: r.id });

/** Directory and identity-provider sign-ins answer "not configured" until an integration is set up. */
function refuseUnconfiguredSignIn(label: string): never {
  throw new AppError('VALIDATION', `${label} sign-in is not configured`, [
    { field: 'loginMethod', defaultMessage: `${label} sign-in is not configured` },
  ]);
}

/** Sign-in, one-time codes, password reset, refresh and logout (spec 1 §7). */
export function authRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) =>
    registerRoutes(app, [
      route(E.login, ({ body }, req) => service.login(ctx, body, meta(req))),
      route(E.loginMethods, () => ({
        data: [{ type: 'PASSWORD' as const, label: 'User name and password', isEnabled: true }],
      })),
      route(E.ldapLogin, () => refuseUnconfiguredSignIn('LDAP')),
      route(E.samlLogin, () => refuseUnconfiguredSignIn('SAML')),
      route(E.ssoLogin, () => refuseUnconfiguredSignIn('Single sign-on')),
      route(E.verifyOtp, ({ body }, req) => service.verifyOtp(ctx, body, meta(req))),
      route(E.resendOtp, ({ params }) => service.resendOtp(ctx, params.userId)),
      route(E.updateNumber, ({ query }, req) => service.updateNumber(ctx, query.mobile, query.tempToken, meta(req))),
      route(E.forgotPassword, ({ body }, req) => service.forgotPassword(ctx, body.userName, meta(req))),
      route(E.sendResetOtp, ({ query }) => service.sendResetOtp(ctx, query.tempToken)),
      route(E.resetPassword, ({ body }, req) => service.resetPassword(ctx, body, meta(req))),
      route(E.refresh, ({ body }, req) => service.refresh(ctx, body, meta(req))),
      route(E.logout, (_input, req) => service.logout(ctx, req.requirePrincipal(), meta(req))),
    ]);
}
