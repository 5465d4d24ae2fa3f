import { explainQuerySchema, explainResponseSchema, type PrivilegeRule } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import * as service from './explain.service.ts';

// Whoever sees a transactions tab may ask why a row is in it.
const READERS: PrivilegeRule = {
  anyOf: [
    'allTransactions',
    'reconciledTransaction',
    'unReconciledTransaction',
    'reversal',
    'knockOff',
    'reconDuplicate',
    'viewMappedRow',
    'viewRecons',
  ],
};

/** Explain: why a row is matched (rule, counterparts, condition values) or open (nearest candidates per rule). */
export function explainRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/transactions/explain',
      {
        config: { module: 'required', privilege: READERS },
        schema: {
          tags: ['Transactions'],
          summary: 'Why a row is matched or open',
          description:
            'A matched row: the rule (or person) that closed it and, for each row of its group, every condition with both values and its verdict. An open row: for each enabled rule in order, why a primary filter excludes the row, or its nearest candidates (at most 5, most conditions met first) with every condition evaluated. 404 for a row, data source or recon outside the selected module.',
          querystring: explainQuerySchema,
          response: { 200: explainResponseSchema },
        },
      },
      (req) => service.explain(ctx, moduleId(req), req.query),
    );
  };
}
