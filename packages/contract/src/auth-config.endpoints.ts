import {
  authConfigInputSchema,
  authConfigResponseSchema,
  captchaResponseSchema,
  changePasswordRequestSchema,
  passwordPolicyResponseSchema,
} from './auth-config.ts';
import { endpoint } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { FIRST_LOAD_PATHS } from './first-load-paths.ts';

const tags = ['Sign-in settings'];
const admin = { module: 'ignore', privilege: { code: 'integrations' }, tags } as const;
const open = { module: 'optional', public: true, tags } as const;

/**
 * Settings › integrations/auth-config: the sign-in policy. The spec names no call for it; these are decision 0024's.
 */
export const authConfigEndpoints = {
  get: endpoint({
    ...admin,
    name: 'authConfig.get',
    method: 'GET',
    path: '/v2/authConfig',
    response: authConfigResponseSchema,
    summary: 'The sign-in policy in force, and its defaults',
  }),
  update: endpoint({
    ...admin,
    name: 'authConfig.update',
    method: 'PUT',
    path: '/v2/authConfig',
    body: authConfigInputSchema,
    response: authConfigResponseSchema,
    summary: 'Change the sign-in policy',
    description:
      'Every field, in its range. Audited AUTH_CONFIG_UPDATED with the values before and after. Session lengths and ' +
      'lockout figures apply to sign-ins from now on; the password rules to the next password set.',
  }),
  passwordPolicy: endpoint({
    ...open,
    name: 'authConfig.passwordPolicy',
    method: 'GET',
    path: '/v2/password-policy',
    response: passwordPolicyResponseSchema,
    summary: 'The rules a new password must meet',
  }),
  captcha: endpoint({
    ...open,
    name: 'authConfig.captcha',
    method: 'GET',
    path: FIRST_LOAD_PATHS.captcha,
    response: captchaResponseSchema,
    summary: 'A CAPTCHA image for the sign-in page (when CAPTCHA is on)',
    description:
      'When the CAPTCHA setting is on, a new challenge: an SVG image and its id. v2/login then needs captchaId and ' +
      'captchaAnswer; a challenge answers once, right or wrong, within two minutes.',
  }),
  changePassword: endpoint({
    module: 'ignore',
    tags,
    name: 'authConfig.changePassword',
    method: 'POST',
    path: '/v2/changePassword',
    body: changePasswordRequestSchema,
    response: messageBodySchema,
    summary: "Change the caller's password",
    description: 'Checked against the policy and the password history; ends every session of the user.',
  }),
} as const;
