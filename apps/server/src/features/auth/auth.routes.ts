import {
  forgotPasswordRequestSchema,
  loginMethodsResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageBodySchema,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
  signedInUserSchema,
  tempTokenQuerySchema,
  updateNumberQuerySchema,
  verifyOtpRequestSchema,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FeatureContext } from '@/deps.ts';
import { AppError } from '@/lib/app-error.ts';
import * as service from './auth.service.ts';

const TAG = ['Sign-in and sessions'];
const codeSentSchema = z.object({ message: z.string(), maskedContactNumber: z.string().nullable() });

/** Sign-in, one-time codes, password reset, refresh and logout (spec 1 §7). */
export function authRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    const meta = (r: { ip: string; id: string }) => ({ ip: r.ip, requestId: r.id });

    app.post(
      '/v2/login',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Password sign-in',
          security: [],
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      (req) => service.login(ctx, req.body, meta(req)),
    );

    app.get(
      '/v2/login-methods',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Sign-in methods configured',
          security: [],
          response: { 200: loginMethodsResponseSchema },
        },
      },
      async () => ({ data: [{ type: 'PASSWORD' as const, label: 'User name and password', isEnabled: true }] }),
    );

    // Directory and identity-provider sign-ins answer "not configured" until an integration is set up.
    for (const [path, label] of [
      ['/v2/ldap_login', 'LDAP'],
      ['/v2/saml_login', 'SAML'],
      ['/v2/sso-login', 'Single sign-on'],
    ] as const) {
      app.post(
        path,
        {
          config: { isPublic: true },
          schema: {
            tags: TAG,
            summary: `${label} sign-in`,
            description: `${label} sign-in. Refused with 400 while no ${label} integration is configured (see GET v2/login-methods).`,
            security: [],
            response: { 200: signedInUserSchema },
          },
        },
        async () => {
          throw new AppError('VALIDATION', `${label} sign-in is not configured`, [
            { field: 'loginMethod', defaultMessage: `${label} sign-in is not configured` },
          ]);
        },
      );
    }

    app.post(
      '/v2/verifyotp',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Complete sign-in with the one-time code',
          security: [],
          body: verifyOtpRequestSchema,
          response: { 200: signedInUserSchema },
        },
      },
      (req) => service.verifyOtp(ctx, req.body, meta(req)),
    );

    app.get(
      '/v2/resendotp/:userId',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Send a new one-time code',
          security: [],
          params: z.object({ userId: z.coerce.number().int().positive() }),
          response: { 200: codeSentSchema },
        },
      },
      (req) => service.resendOtp(ctx, req.params.userId),
    );

    app.put(
      '/v2/appusers/updatenumber',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Register a mobile number during sign-in or reset',
          security: [],
          querystring: updateNumberQuerySchema,
          response: { 200: codeSentSchema },
        },
      },
      (req) => service.updateNumber(ctx, req.query.mobile, req.query.tempToken, meta(req)),
    );

    app.post(
      '/v2/forgotPassword',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Send a password reset link',
          security: [],
          body: forgotPasswordRequestSchema,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.forgotPassword(ctx, req.body.userName, meta(req)),
    );

    app.post(
      '/v2/send-otp-reset-password',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Send a one-time code for a password reset',
          security: [],
          querystring: tempTokenQuerySchema,
          response: { 200: codeSentSchema },
        },
      },
      (req) => service.sendResetOtp(ctx, req.query.tempToken),
    );

    app.post(
      '/v2/resetPassword',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Set a new password with the reset link (and code when required)',
          security: [],
          body: resetPasswordRequestSchema,
          response: { 200: messageBodySchema },
        },
      },
      (req) => service.resetPassword(ctx, req.body, meta(req)),
    );

    app.post(
      '/v2/refreshtoken',
      {
        config: { isPublic: true },
        schema: {
          tags: TAG,
          summary: 'Rotate the refresh token',
          description: 'Answers a new pair; a rotated token presented again revokes its whole session.',
          security: [],
          body: refreshRequestSchema,
          response: { 200: refreshResponseSchema },
        },
      },
      (req) => service.refresh(ctx, req.body, meta(req)),
    );

    app.get(
      '/v2/logout',
      {
        config: { module: 'ignore' },
        schema: { tags: TAG, summary: 'End this session', response: { 200: messageBodySchema } },
      },
      (req) => service.logout(ctx, req.requirePrincipal(), meta(req)),
    );
  };
}
