import { endpoint } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { ldapConfigInputSchema, ldapConfigResponseSchema, ldapConfigSchema, ldapTestResponseSchema } from './ldap.ts';

const admin = { module: 'ignore', privilege: { code: 'integrations' }, tags: ['LDAP sign-in'] } as const;

/**
 * The installation's LDAP directory (Settings › integrations/ldap-setup). Not in the spec: decision 0023.
 * The service account's password is write-only.
 */
export const ldapEndpoints = {
  config: endpoint({
    ...admin,
    name: 'ldap.config',
    method: 'GET',
    path: '/v2/ldap/config',
    response: ldapConfigResponseSchema,
    summary: 'The LDAP directory configuration',
  }),
  save: endpoint({
    ...admin,
    name: 'ldap.save',
    method: 'PUT',
    path: '/v2/ldap/config',
    body: ldapConfigInputSchema,
    response: ldapConfigSchema,
    summary: 'Set up or change the LDAP directory',
  }),
  test: endpoint({
    ...admin,
    name: 'ldap.test',
    method: 'POST',
    path: '/v2/ldap/config/test',
    body: ldapConfigInputSchema,
    response: ldapTestResponseSchema,
    summary: 'Test the connection (binds with the service account)',
    description:
      'Connects with the values given (the stored service password when none is given) and binds with the service ' +
      'account; direct bind without a service account only opens the connection. Answers success and a message.',
  }),
  remove: endpoint({
    ...admin,
    name: 'ldap.remove',
    method: 'DELETE',
    path: '/v2/ldap/config',
    response: messageBodySchema,
    summary: 'Remove the LDAP directory: the login page no longer offers LDAP (decision 0028)',
  }),
} as const;
