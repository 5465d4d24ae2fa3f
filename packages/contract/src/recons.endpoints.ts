import { endpoint, idParamsSchema } from './endpoint.ts';
import { messageBodySchema } from './errors.ts';
import { pagedAnswerSchema } from './paging.ts';
import type { PrivilegeRule } from './privileges.ts';
import {
  createReconRequestSchema,
  RECON_TEXTS,
  reconDetailSchema,
  reconRowSchema,
  reconsByModuleResponseSchema,
  reconsListQuerySchema,
  updateReconRequestSchema,
} from './recons.ts';

// Transactions readers (viewRecons) and the pickers of the data-source, job and rule forms read recons too.
const READERS: PrivilegeRule = {
  anyOf: [
    'recons',
    'viewRecons',
    'dataSources',
    'viewDataSource',
    'createEditDataSource',
    'createJob',
    'rules',
    'createEditRule',
  ],
};
const WRITERS: PrivilegeRule = { code: 'recons' };
const base = { module: 'required', tags: ['Recons'] } as const;
const LIST = '/v2/recons';
const ONE = '/v2/recons/:id';

/** Recons (spec 2): a recon joins two data sources, side A (sequence 1) and side B (sequence 2). */
export const reconEndpoints = {
  list: endpoint({
    ...base,
    name: 'recons.list',
    method: 'GET',
    path: LIST,
    discriminator: { name: 'Find', value: null },
    privilege: READERS,
    query: reconsListQuerySchema,
    response: pagedAnswerSchema(reconRowSchema),
    summary: "The module's recons (DataTables)",
    description:
      '`columns[i][data]` ∈ name, description, dataSourceCount, createdAt, updatedAt; `search[value]` over name and description.',
  }),
  byModule: endpoint({
    ...base,
    name: 'recons.byModule',
    method: 'GET',
    path: LIST,
    discriminator: { name: 'Find', value: 'ByModule' },
    privilege: READERS,
    query: reconsListQuerySchema,
    response: reconsByModuleResponseSchema,
    summary: 'Every recon of the selected module',
    description: '`Find=ByModule&module=<id>`: `{ data }`; a `module` other than X-Module-Id answers 403.',
  }),
  detail: endpoint({
    ...base,
    name: 'recons.detail',
    method: 'GET',
    path: ONE,
    privilege: READERS,
    params: idParamsSchema,
    response: reconDetailSchema,
    summary: 'One recon with its data sources (side A = sequence 1, side B = sequence 2)',
  }),
  create: endpoint({
    ...base,
    name: 'recons.create',
    method: 'POST',
    path: LIST,
    privilege: WRITERS,
    body: createReconRequestSchema,
    response: reconDetailSchema,
    summary: 'Create a recon (create-recon)',
  }),
  update: endpoint({
    ...base,
    name: 'recons.update',
    method: 'PUT',
    path: LIST,
    privilege: WRITERS,
    body: updateReconRequestSchema,
    response: reconDetailSchema,
    summary: 'Edit a recon (edit-recon), id in the body',
    description:
      'Name, description and, optionally, both `sideADataSourceId` and `sideBDataSourceId` (two different data sources of this recon; they get sequence 1 and 2, the others follow).',
  }),
  updateById: endpoint({
    ...base,
    name: 'recons.updateById',
    method: 'PUT',
    path: ONE,
    privilege: WRITERS,
    params: idParamsSchema,
    body: updateReconRequestSchema,
    response: reconDetailSchema,
    summary: 'Edit a recon (edit-recon)',
    description: 'Same body as PUT /v2/recons; the path id wins.',
  }),
  delete: endpoint({
    ...base,
    name: 'recons.delete',
    method: 'DELETE',
    path: ONE,
    privilege: WRITERS,
    params: idParamsSchema,
    response: messageBodySchema,
    summary: 'Delete a recon',
    description: `Refused (400) while data sources use it or jobs run it. Answers "${RECON_TEXTS.deleted}".`,
  }),
} as const;
