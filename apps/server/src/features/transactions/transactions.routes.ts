import {
  byTabQuerySchema,
  transactionEndpoints as E,
  type EndpointInput,
  globalSearchQuerySchema,
  mappedRowQuerySchema,
  reconMappingQuerySchema,
  reconPeriodsQuerySchema,
  TAB_PRIVILEGES,
} from '@recon/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId as moduleId } from '@/lib/module-actor.ts';
import { parseBody } from '@/lib/parse-body.ts';
import * as actions from './transaction-actions.service.ts';
import * as service from './transactions.service.ts';

type Input<K extends keyof typeof E> = EndpointInput<(typeof E)[K]>;

/** The ByTab query of a find (shared by ByTab and ByTabCount), with the privilege of its tab. */
async function byTabQueryOf(query: Input<'byTab'>['query'], req: FastifyRequest) {
  const byTab = parseBody(byTabQuerySchema, query);
  await req.requirePrivilege({ code: TAB_PRIVILEGES[byTab.tab] });
  return byTab;
}

/** GET v2/transactions?Find=ByTab: a DataTables page of one data source in one tab. */
async function listByTab(ctx: FeatureContext, { query }: Input<'byTab'>, req: FastifyRequest) {
  return service.listByTab(ctx, moduleId(req), await byTabQueryOf(query, req));
}

/** GET v2/transactions?Find=ByTabCount: the exact counts of the same query. */
async function countByTab(ctx: FeatureContext, { query }: Input<'byTabCount'>, req: FastifyRequest) {
  return service.countByTab(ctx, moduleId(req), await byTabQueryOf(query, req));
}

/** Transactions (spec 1 navigation, issue 4): rows by tab, groups, global search, mapped row, mapping, actions. */
export function transactionRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    registerRoutes(app, [
      route(E.byTab, (input, req) => listByTab(ctx, input, req)),
      route(E.byTabCount, (input, req) => countByTab(ctx, input, req)),
      route(E.recons, async (_input, req) => ({ data: await service.recons(ctx, moduleId(req)) })),
      route(E.globalSearch, ({ query }, req) =>
        service.globalSearch(ctx, moduleId(req), parseBody(globalSearchQuerySchema, query).value),
      ),
      route(E.mappedRow, ({ query }, req) =>
        service.mappedRow(ctx, moduleId(req), parseBody(mappedRowQuerySchema, query)),
      ),
      route(E.reconMapping, ({ query }, req) =>
        service.reconMapping(ctx, moduleId(req), parseBody(reconMappingQuerySchema, query).reconId),
      ),
      route(E.periods, ({ query }, req) =>
        service.periods(ctx, moduleId(req), parseBody(reconPeriodsQuerySchema, query)),
      ),
      route(E.group, ({ params, query }, req) => service.group(ctx, moduleId(req), query.reconId, params.matchId)),
      route(E.manualMatch, ({ body }, req) => actions.manualMatch(ctx, moduleActorOf(req), body)),
      route(E.knockOff, ({ body }, req) => actions.knockOff(ctx, moduleActorOf(req), body)),
      route(E.unmatch, ({ body }, req) =>
        actions.unmatch(ctx, moduleActorOf(req), body, (rule) => req.requirePrivilege(rule)),
      ),
      route(E.acceptProposed, ({ body }, req) =>
        actions.decideProposed(ctx, moduleActorOf(req), body, 'AcceptProposed'),
      ),
      route(E.rejectProposed, ({ body }, req) =>
        actions.decideProposed(ctx, moduleActorOf(req), body, 'RejectProposed'),
      ),
    ]);
  };
}
