import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import {
  samlConfigInputSchema,
  samlConfigListSchema,
  samlConfigQuerySchema,
  samlConfigSchema,
  samlRegistrationParamsSchema,
} from './saml.ts';

const admin = { module: 'ignore', privilege: { code: 'integrations' }, tags: ['SAML sign-in'] } as const;

/**
 * SAML identity-provider registrations (Settings › integrations/saml-setup) and the assertion consumer service.
 * The spec writes only GET v2/saml/config?registrationId=; list, create, update and delete are decision 0022's.
 */
export const samlEndpoints = {
  config: endpoint({
    ...admin,
    name: 'saml.config',
    method: 'GET',
    path: '/v2/saml/config',
    discriminator: { name: 'Find', value: null },
    query: samlConfigQuerySchema,
    response: samlConfigSchema,
    summary: 'One SAML configuration by registrationId',
  }),
  list: endpoint({
    ...admin,
    name: 'saml.list',
    method: 'GET',
    path: '/v2/saml/config',
    discriminator: { name: 'Find', value: 'All' },
    query: samlConfigQuerySchema,
    response: samlConfigListSchema,
    summary: 'Every SAML configuration (Find=All)',
  }),
  create: endpoint({
    ...admin,
    name: 'saml.create',
    method: 'POST',
    path: '/v2/saml/config',
    body: samlConfigInputSchema,
    response: samlConfigSchema,
    summary: 'Add a SAML identity provider',
  }),
  update: endpoint({
    ...admin,
    name: 'saml.update',
    method: 'PUT',
    path: '/v2/saml/config/:id',
    params: idParamsSchema,
    body: samlConfigInputSchema,
    response: samlConfigSchema,
    summary: 'Change a SAML identity provider',
  }),
  remove: endpoint({
    ...admin,
    name: 'saml.remove',
    method: 'DELETE',
    path: '/v2/saml/config/:id',
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Remove a SAML identity provider',
  }),
  acs: endpoint({
    name: 'saml.acs',
    method: 'POST',
    path: '/v2/saml/acs/:registrationId',
    module: 'ignore',
    public: true,
    params: samlRegistrationParamsSchema,
    consumes: ['application/x-www-form-urlencoded'],
    response: messageBodySchema,
    tags: ['SAML sign-in'],
    summary: 'Assertion consumer service (HTTP-POST binding)',
    description:
      'The identity provider posts SAMLResponse here. Only signed assertions for this audience, within their validity ' +
      'and never seen before, are accepted. Answers 302 to /oauth/saml with authToken (a one-time ticket for ' +
      'POST v2/saml_login), status (SUCCESS, ROLE_UNASSIGNED or ERROR), userName and error.',
  }),
} as const;
