import { globalSettingsQuerySchema, globalSettingsResponseSchema } from '@recon/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureContext } from '@/deps.ts';

/** Global settings by group (read by every signed-in user; they drive features and formats). */
export function settingRoutes(ctx: FeatureContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v2/globalsettings',
      {
        config: { module: 'ignore' },
        schema: {
          tags: ['Global settings'],
          summary: 'Settings of one group (Find=BySettingGroup)',
          description:
            '`Find=BySettingGroup&settingGroup=`: USER, BATCH_SETTING, DISPUTES, SHOW_NAV_ITEM_FOR_MODULES, ATM_CHARGEBACK, EMAIL_SETTING, DATA_ADMINISTRATION.',
          querystring: globalSettingsQuerySchema,
          response: { 200: globalSettingsResponseSchema },
        },
      },
      async (req) => {
        const rows = await ctx.db
          .selectFrom('global_setting')
          .select(['id', 'setting_group', 'setting_key', 'setting_value'])
          .where('setting_group', '=', req.query.settingGroup)
          .orderBy('setting_key')
          .execute();
        return {
          data: rows.map((r) => ({
            id: r.id,
            settingGroup: r.setting_group,
            settingKey: r.setting_key,
            settingValue: r.setting_value,
          })),
        };
      },
    );
  };
}
