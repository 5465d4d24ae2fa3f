import {
  botCredentialEndpoints as BOT,
  emailParsingConfigEndpoints as EMAIL,
  tagMappingEndpoints as TAGS,
  totpConfigEndpoints as TOTP,
} from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { moduleActorOf, selectedModuleId } from '@/lib/module-actor.ts';
import * as service from './integrations.service.ts';

/** Config resources of spec 3 §7 (TOTP, email parsing, brand logins, tag mapping), in the caller's module. */
export function integrationRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) =>
    registerRoutes(app, [
      route(TOTP.list, async ({ query }, req) => ({
        data: await service.listTotpConfigs(db, selectedModuleId(req), query.search),
      })),
      route(TOTP.findAll, async (_input, req) => ({ data: await service.listTotpConfigs(db, selectedModuleId(req)) })),
      route(TOTP.detail, ({ params }, req) => service.getTotpConfig(db, selectedModuleId(req), params.id)),
      route(TOTP.create, ({ body }, req) => service.saveTotpConfig(ctx, moduleActorOf(req), body, 'create')),
      route(TOTP.update, ({ body }, req) => service.saveTotpConfig(ctx, moduleActorOf(req), body, 'update')),
      route(TOTP.delete, ({ params }, req) => service.deleteTotpConfig(ctx, moduleActorOf(req), params.id)),

      route(EMAIL.list, async ({ query }, req) => ({
        data: await service.listEmailParsingConfigs(db, selectedModuleId(req), query.search),
      })),
      route(EMAIL.findAll, async (_input, req) => ({
        data: await service.listEmailParsingConfigs(db, selectedModuleId(req)),
      })),
      route(EMAIL.detail, ({ params }, req) => service.getEmailParsingConfig(db, selectedModuleId(req), params.id)),
      route(EMAIL.create, ({ body }, req) => service.saveEmailParsingConfig(ctx, moduleActorOf(req), body, 'create')),
      route(EMAIL.update, ({ body }, req) => service.saveEmailParsingConfig(ctx, moduleActorOf(req), body, 'update')),
      route(EMAIL.delete, ({ params }, req) => service.deleteEmailParsingConfig(ctx, moduleActorOf(req), params.id)),

      route(BOT.list, async ({ query }, req) => ({
        data: await service.listBotCredentials(db, selectedModuleId(req), {
          search: query.search,
          botType: query.botType,
        }),
      })),
      route(BOT.findAll, async (_input, req) => ({
        data: await service.listBotCredentials(db, selectedModuleId(req), {}),
      })),
      route(BOT.detail, ({ params }, req) => service.getBotCredential(db, selectedModuleId(req), params.id)),
      route(BOT.create, ({ body }, req) => service.saveBotCredential(ctx, moduleActorOf(req), body, 'create')),
      route(BOT.update, ({ body }, req) => service.saveBotCredential(ctx, moduleActorOf(req), body, 'update')),
      route(BOT.delete, ({ params }, req) => service.deleteBotCredential(ctx, moduleActorOf(req), params.id)),
      route(BOT.brands, () => ({ data: service.botBrands() })),

      route(TAGS.list, async (_input, req) => ({ data: await service.listTagMappings(db, selectedModuleId(req)) })),
      route(TAGS.detail, ({ params }, req) => service.getTagMapping(db, selectedModuleId(req), params.id)),
      route(TAGS.create, ({ body }, req) => service.saveTagMapping(ctx, moduleActorOf(req), body, 'create')),
      route(TAGS.update, ({ body }, req) => service.saveTagMapping(ctx, moduleActorOf(req), body, 'update')),
      route(TAGS.delete, ({ query }, req) => service.deleteTagMappings(ctx, moduleActorOf(req), query.tagMappingIds)),
    ]);
}
