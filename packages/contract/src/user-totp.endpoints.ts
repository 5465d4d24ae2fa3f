import { endpoint } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  userTotpConfirmSchema,
  userTotpEnrolmentSchema,
  userTotpRecoveryCodesSchema,
  userTotpStatusSchema,
  userTotpUserParamsSchema,
} from './user-totp.ts';

const tags = ['Sign-in and sessions'];
const self = { module: 'ignore', tags } as const;

/**
 * A user's authenticator app as their second factor (decision 0028). Not in the spec: its `/v2/totpconfig` is the
 * modules' authenticator configs (integrations), not a user's.
 */
export const userTotpEndpoints = {
  status: endpoint({
    ...self,
    name: 'userTotp.status',
    method: 'GET',
    path: '/v2/mfa/totp',
    response: userTotpStatusSchema,
    summary: "Whether sign-in asks for a second factor, and the caller's authenticator app",
  }),
  enrol: endpoint({
    ...self,
    name: 'userTotp.enrol',
    method: 'POST',
    path: '/v2/mfa/totp',
    response: userTotpEnrolmentSchema,
    summary: 'Start setting up an authenticator app: a new seed, as a QR code and as text',
    description:
      'Only while multi-factor authentication is on, and while the caller has no confirmed authenticator (an ' +
      'administrator resets one). The seed is sealed at rest and never answered again; sign-in asks for its code ' +
      'once a first code confirmed it.',
  }),
  confirm: endpoint({
    ...self,
    name: 'userTotp.confirm',
    method: 'POST',
    path: '/v2/mfa/totp/confirm',
    body: userTotpConfirmSchema,
    response: userTotpRecoveryCodesSchema,
    summary: 'Confirm the authenticator app with a first code; answers its ten recovery codes, this once',
  }),
  regenerateRecoveryCodes: endpoint({
    ...self,
    name: 'userTotp.regenerateRecoveryCodes',
    method: 'POST',
    path: '/v2/mfa/totp/recovery-codes',
    body: userTotpConfirmSchema,
    response: userTotpRecoveryCodesSchema,
    summary: 'Ten new recovery codes for a confirmed authenticator app (the old ones stop working)',
    description:
      'Needs a current code from the app (a stolen session alone cannot get a second factor). The codes are answered ' +
      'this once and kept only as hashes.',
  }),
  reset: endpoint({
    module: 'ignore',
    tags: ['Users'],
    privilege: { code: 'users' },
    name: 'userTotp.reset',
    method: 'DELETE',
    path: '/v2/appusers/:id/totp',
    params: userTotpUserParamsSchema,
    response: messageBodySchema,
    summary: "Reset a user's authenticator app (a lost phone): sign-in falls back to a code by SMS",
  }),
} as const;
