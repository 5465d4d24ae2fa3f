import { endpoint } from './endpoint.ts';
import { explainQuerySchema, explainResponseSchema } from './explain.ts';
import { TRANSACTION_READERS } from './transactions.ts';

// Whoever sees a transactions tab may ask why a row is in it.
const READERS = TRANSACTION_READERS;

/** Explain (issue 4): why a row is matched (rule, counterparts, condition values) or open (nearest candidates). */
export const explainEndpoints = {
  explainRow: endpoint({
    name: 'explain.explainRow',
    method: 'GET',
    path: '/v2/transactions/explain',
    module: 'required',
    privilege: READERS,
    query: explainQuerySchema,
    response: explainResponseSchema,
    tags: ['Transactions'],
    summary: 'Why a row is matched or open',
    description:
      'A matched row: the rule (or person) that closed it and, for each row of its group, every condition with both values and its verdict. An open row: for each enabled rule in order, why a primary filter excludes the row, or its nearest candidates (at most 5, most conditions met first) with every condition evaluated. 404 for a row, data source or recon outside the selected module.',
  }),
} as const;
