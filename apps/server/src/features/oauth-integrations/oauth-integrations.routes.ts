import { gatewayEndpoints as GATEWAY, mailIntegrationEndpoints as MAIL, OAUTH_TEXTS } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { validation } from '@/lib/app-error.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './oauth-integrations.service.ts';

/** `?moduleId=` of the ByModule calls must name the selected module (X-Module-Id, which the guard checked). */
function moduleOfQuery(moduleId: number, selected: number) {
  if (moduleId !== selected) throw validation(OAUTH_TEXTS.moduleMismatch, 'moduleId');
  return selected;
}

/** Mail accounts and gateway links of spec 3 §7 (decision 0026), in the caller's module. */
export function oauthIntegrationRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) =>
    registerRoutes(app, [
      route(MAIL.list, async ({ query }, req) => ({
        data: await service.listAccounts(db, selectedModuleId(req), 'MAIL', query.provider),
      })),
      route(MAIL.byEmailAndProvider, ({ query }, req) =>
        service.findMailAccount(db, selectedModuleId(req), query.provider, query.email),
      ),
      route(MAIL.detail, ({ params }, req) => service.getAccount(db, selectedModuleId(req), 'MAIL', params.id)),
      route(MAIL.byModule, async ({ query }, req) => ({
        data: await service.listAccounts(db, moduleOfQuery(query.moduleId, selectedModuleId(req)), 'MAIL'),
      })),
      route(MAIL.exchange, ({ query, body }, req) => {
        moduleOfQuery(query.moduleId, selectedModuleId(req));
        return service.completeAuthorization(ctx, moduleActorOf(req), 'MAIL', body);
      }),
      route(MAIL.start, ({ body }, req) => service.startAuthorization(ctx, moduleActorOf(req), body.provider)),
      route(MAIL.modify, ({ body }, req) =>
        body.isActive
          ? service.getAccount(db, selectedModuleId(req), 'MAIL', body.id)
          : service.disconnect(ctx, moduleActorOf(req), 'MAIL', body.id),
      ),
      route(MAIL.fetchMetadata, async ({ params }, req) => ({
        data: await service.fetchRecords(db, selectedModuleId(req), params.executionId),
      })),

      route(GATEWAY.list, async (_input, req) => ({
        data: await service.listAccounts(db, selectedModuleId(req), 'GATEWAY'),
      })),
      route(GATEWAY.auths, ({ params }, req) => service.gatewayAuths(db, selectedModuleId(req), params.id)),
      route(GATEWAY.start, ({ body }, req) => service.startAuthorization(ctx, moduleActorOf(req), body.provider)),
      route(GATEWAY.link, ({ body }, req) => service.completeAuthorization(ctx, moduleActorOf(req), 'GATEWAY', body)),
      route(GATEWAY.linkApiKey, ({ body }, req) => service.linkApiKey(ctx, moduleActorOf(req), body)),
      route(GATEWAY.disconnect, ({ params }, req) => service.disconnect(ctx, moduleActorOf(req), 'GATEWAY', params.id)),
    ]);
}
