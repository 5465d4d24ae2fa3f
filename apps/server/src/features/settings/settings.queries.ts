import type { Db } from '@recon/db';

export const settingsOfGroup = (db: Db, settingGroup: string) =>
  db
    .selectFrom('global_setting')
    .select(['id', 'setting_group', 'setting_key', 'setting_value'])
    .where('setting_group', '=', settingGroup)
    .orderBy('setting_key')
    .execute();
