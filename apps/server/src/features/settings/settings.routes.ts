import { settingEndpoints as E, type EndpointInput } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';
import { registerRoutes, route } from '@/lib/endpoint-routes.ts';
import { settingsOfGroup } from './settings.queries.ts';

/** GET v2/globalsettings?Find=BySettingGroup: the group's settings by key. */
async function listSettingsOfGroup(ctx: FeatureContext, { query }: EndpointInput<typeof E.byGroup>) {
  const rows = await settingsOfGroup(ctx.db, query.settingGroup);
  return {
    data: rows.map((r) => ({
      id: r.id,
      settingGroup: r.setting_group,
      settingKey: r.setting_key,
      settingValue: r.setting_value,
    })),
  };
}

/** Global settings by group (read by every signed-in user; they drive features and formats). */
export function settingRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => registerRoutes(app, [route(E.byGroup, (input) => listSettingsOfGroup(ctx, input))]);
}
