import { z } from 'zod';
import {
  codeSentResponseSchema,
  forgotPasswordRequestSchema,
  loginMethodsResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  otpPendingSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
  signedInUserSchema,
  tempTokenQuerySchema,
  updateNumberQuerySchema,
  userIdParamsSchema,
  verifyOtpRequestSchema,
} from './auth.ts';
import { endpoint } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { FIRST_LOAD_PATHS } from './first-load-paths.ts';
import { ldapLoginRequestSchema } from './ldap.ts';
import { ssoLoginRequestSchema, ssoLoginResponseSchema } from './saml.ts';

const tags = ['Sign-in and sessions'];
// Sign-in, codes and password reset happen before there is an access token.
const open = { module: 'optional', public: true, tags } as const;

/** Sign-in, one-time codes, password reset, refresh and logout (spec 1 §7). */
export const authEndpoints = {
  login: endpoint({
    ...open,
    name: 'auth.login',
    method: 'POST',
    path: '/v2/login',
    body: loginRequestSchema,
    response: loginResponseSchema,
    summary: 'Password sign-in',
  }),
  loginMethods: endpoint({
    ...open,
    name: 'auth.loginMethods',
    method: 'GET',
    path: FIRST_LOAD_PATHS.loginMethods,
    response: loginMethodsResponseSchema,
    summary: 'Sign-in methods configured',
  }),
  ldapLogin: endpoint({
    ...open,
    name: 'auth.ldapLogin',
    method: 'POST',
    path: FIRST_LOAD_PATHS.ldapLogin,
    body: ldapLoginRequestSchema,
    response: z.union([signedInUserSchema, otpPendingSchema]),
    summary: 'LDAP sign-in',
    description:
      'Binds to the configured directory as the user (directly, or after a search with the service account). A user ' +
      'new to this application is created: with the roles and modules their groups map to (APPROVED), or else ' +
      'REQUESTED_VIA_LDAP with an ssoTemporaryToken for PUT v2/user-department/assignDepartment. With multi-factor ' +
      'authentication on, a user holding a role and a module gets the code step instead (as v2/login). Refused with 400 ' +
      'while no directory is enabled (see GET v2/login-methods).',
  }),
  samlLogin: endpoint({
    ...open,
    name: 'auth.samlLogin',
    method: 'POST',
    path: '/v2/saml_login',
    response: signedInUserSchema,
    summary: 'Complete a SAML sign-in',
    description:
      'No body: the `authToken` header carries the one-time ticket the /oauth/saml callback received, the `userName` ' +
      'header its user. Answers the signed-in user; a ticket works once, for two minutes.',
  }),
  ssoLogin: endpoint({
    ...open,
    name: 'auth.ssoLogin',
    method: 'POST',
    path: '/v2/sso-login',
    body: ssoLoginRequestSchema,
    response: ssoLoginResponseSchema,
    summary: 'Start a SAML sign-in',
    description:
      "Answers the identity provider's address with a SAML request for the registration; the page opens it in a popup.",
  }),
  verifyOtp: endpoint({
    ...open,
    name: 'auth.verifyOtp',
    method: 'POST',
    path: '/v2/verifyotp',
    body: verifyOtpRequestSchema,
    response: signedInUserSchema,
    summary: 'Complete sign-in with the one-time code',
  }),
  resendOtp: endpoint({
    ...open,
    name: 'auth.resendOtp',
    method: 'GET',
    path: '/v2/resendotp/:userId',
    params: userIdParamsSchema,
    response: codeSentResponseSchema,
    summary: 'Send a new one-time code',
  }),
  updateNumber: endpoint({
    ...open,
    name: 'auth.updateNumber',
    method: 'PUT',
    path: '/v2/appusers/updatenumber',
    query: updateNumberQuerySchema,
    response: codeSentResponseSchema,
    summary: 'Register a mobile number during sign-in or reset',
  }),
  forgotPassword: endpoint({
    ...open,
    name: 'auth.forgotPassword',
    method: 'POST',
    path: '/v2/forgotPassword',
    body: forgotPasswordRequestSchema,
    response: messageBodySchema,
    summary: 'Send a password reset link',
  }),
  sendResetOtp: endpoint({
    ...open,
    name: 'auth.sendResetOtp',
    method: 'POST',
    path: '/v2/send-otp-reset-password',
    query: tempTokenQuerySchema,
    response: codeSentResponseSchema,
    summary: 'Send a one-time code for a password reset',
  }),
  resetPassword: endpoint({
    ...open,
    name: 'auth.resetPassword',
    method: 'POST',
    path: '/v2/resetPassword',
    body: resetPasswordRequestSchema,
    response: messageBodySchema,
    summary: 'Set a new password with the reset link (and code when required)',
  }),
  refresh: endpoint({
    ...open,
    name: 'auth.refresh',
    method: 'POST',
    path: FIRST_LOAD_PATHS.refresh,
    body: refreshRequestSchema,
    response: refreshResponseSchema,
    summary: 'Rotate the refresh token',
    description: 'Answers a new pair; a rotated token presented again revokes its whole session.',
  }),
  logout: endpoint({
    name: 'auth.logout',
    method: 'GET',
    path: '/v2/logout',
    module: 'ignore',
    response: messageBodySchema,
    tags,
    summary: 'End this session',
  }),
} as const;
