import {
  AUTO_TICKET_READ_PRIVILEGE,
  AUTO_TICKET_WRITE_PRIVILEGE,
  autoTicketConfigAnswerSchema,
  autoTicketConfigBodySchema,
  autoTicketConfigQuerySchema,
  autoTicketIdParamsSchema,
  autoTicketSavedSchema,
} from './auto-ticketing.ts';
import { endpoint } from './endpoint.ts';

const base = { module: 'required', tags: ['Auto ticketing'] } as const;
const PATH = '/v2/autoTicketConfig';
const SAVE =
  'Columns must be columns of the data source; the brand column is required; at least one assignee block, one per marketplace brand (a brand login of the module), each with at least one assignee (a user of the module or an e-mail). Audited (AUTO_TICKET_CONFIG_SAVED).';

/** Auto Ticketing side drawer of a data source (spec 3 §2, §7; decision 0031). */
export const autoTicketEndpoints = {
  byDataSource: endpoint({
    ...base,
    name: 'autoTicket.byDataSource',
    method: 'GET',
    path: PATH,
    discriminator: { name: 'Find', value: 'ByDataSource' },
    privilege: AUTO_TICKET_READ_PRIVILEGE,
    query: autoTicketConfigQuerySchema,
    response: autoTicketConfigAnswerSchema,
    summary: "A data source's auto-ticketing config (`data: null` when it has none)",
    description: '404 for a data source of another module.',
  }),
  create: endpoint({
    ...base,
    name: 'autoTicket.create',
    method: 'POST',
    path: PATH,
    privilege: AUTO_TICKET_WRITE_PRIVILEGE,
    body: autoTicketConfigBodySchema,
    response: autoTicketSavedSchema,
    status: 201,
    summary: 'Create the auto-ticketing config of a data source ("Auto Ticketing Created Successfully!")',
    description: `One per data source (400 when it has one). ${SAVE}`,
  }),
  update: endpoint({
    ...base,
    name: 'autoTicket.update',
    method: 'PUT',
    path: PATH,
    privilege: AUTO_TICKET_WRITE_PRIVILEGE,
    body: autoTicketConfigBodySchema,
    response: autoTicketSavedSchema,
    summary: 'Update an auto-ticketing config, by its id ("Auto Ticketing Updated Successfully!")',
    description: SAVE,
  }),
  delete: endpoint({
    ...base,
    name: 'autoTicket.delete',
    method: 'DELETE',
    path: `${PATH}/:autoTicketingId`,
    privilege: AUTO_TICKET_WRITE_PRIVILEGE,
    params: autoTicketIdParamsSchema,
    response: autoTicketSavedSchema,
    summary: 'Delete an auto-ticketing config ("Auto Ticketing Deleted Successfully!")',
    description:
      'Its tickets stay (and stay keyed to their group: a new config of the data source takes them up again). Audited (AUTO_TICKET_CONFIG_DELETED).',
  }),
} as const;
