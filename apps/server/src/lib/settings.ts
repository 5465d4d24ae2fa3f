import type { Db } from '@recon/db';

/** Reads one global setting; undefined when absent. */
export async function readSetting(db: Db, group: string, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('global_setting')
    .select('setting_value')
    .where('setting_group', '=', group)
    .where('setting_key', '=', key)
    .executeTakeFirst();
  return row?.setting_value;
}

export async function isSettingOn(db: Db, group: string, key: string): Promise<boolean> {
  const v = (await readSetting(db, group, key))?.trim().toLowerCase();
  return v === 'true' || v === 'yes' || v === '1' || v === 'on';
}
