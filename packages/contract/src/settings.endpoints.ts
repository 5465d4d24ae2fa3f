import { endpoint } from './endpoint.ts';
import { globalSettingsQuerySchema, globalSettingsResponseSchema } from './settings.ts';

/** Global settings by group: read by every signed-in user, they drive features and formats. */
export const settingEndpoints = {
  byGroup: endpoint({
    name: 'settings.byGroup',
    method: 'GET',
    path: '/v2/globalsettings',
    discriminator: { name: 'Find', value: 'BySettingGroup' },
    module: 'ignore',
    query: globalSettingsQuerySchema,
    response: globalSettingsResponseSchema,
    tags: ['Global settings'],
    summary: 'Settings of one group (Find=BySettingGroup)',
    description:
      '`Find=BySettingGroup&settingGroup=`: USER, BATCH_SETTING, DISPUTES, SHOW_NAV_ITEM_FOR_MODULES, ATM_CHARGEBACK, EMAIL_SETTING, DATA_ADMINISTRATION.',
  }),
} as const;
