import { z } from 'zod';

/** The setting groups the client loads (spec 2). */
export const SETTING_GROUPS = [
  'USER',
  'BATCH_SETTING',
  'DISPUTES',
  'SHOW_NAV_ITEM_FOR_MODULES',
  'ATM_CHARGEBACK',
  'EMAIL_SETTING',
  'DATA_ADMINISTRATION',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTING_KEYS = {
  CAPTCHA: 'CAPTCHA',
  MULTIFACTOR_AUTHENTICATION: 'MULTIFACTOR_AUTHENTICATION',
  NUMBER_FORMAT: 'NUMBER_FORMAT',
  NUMBER_FORMAT_SCALE: 'NUMBER_FORMAT_SCALE',
  EMAIL_LIMIT_SETTING: 'EMAIL_LIMIT_SETTING',
  ALLOWED_USER_EMAIL_DOMAINS: 'ALLOWED_USER_EMAIL_DOMAINS',
  IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION: 'IS_PHONE_NO_REQUIRED_IN_NEW_USER_CREATION',
  IS_OTP_REQUIRED_IN_FORGOT_PASSWORD: 'IS_OTP_REQUIRED_IN_FORGOT_PASSWORD',
  USER_DEPARTMENT: 'USER_DEPARTMENT',
  PARTITIONING_AVAILABLE: 'PARTITIONING_AVAILABLE',
} as const;

/** Keys of the SHOW_NAV_ITEM_FOR_MODULES group: sections (comma-separated module ids) and features (JSON). */
export const NAV_SECTION_SETTING_KEYS = ['UPI', 'DISPUTES', 'BANKING_MODULE'] as const;
export const NAV_FEATURE_SETTING_KEYS = ['LIEN_MARKING', 'COMMISSION_CALCULATION', 'CASHBACK'] as const;

export const globalSettingSchema = z.object({
  id: z.number().int(),
  settingGroup: z.string(),
  settingKey: z.string(),
  settingValue: z.string(),
});
export type GlobalSetting = z.infer<typeof globalSettingSchema>;

export const globalSettingsQuerySchema = z.object({
  Find: z.literal('BySettingGroup'),
  settingGroup: z.enum(SETTING_GROUPS),
});
export const globalSettingsResponseSchema = z.object({ data: z.array(globalSettingSchema) });
export type GlobalSettingsResponse = z.infer<typeof globalSettingsResponseSchema>;

/** Parses the module id list of a section setting ("1, 2,3"); junk entries are ignored. */
export function parseModuleIdList(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => Number.parseInt(s.trim(), 10))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Parses a feature setting `{"moduleId":[1,2]}`; anything unreadable allows no module. */
export function parseFeatureModules(value: string | undefined): number[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    const ids = (parsed as { moduleId?: unknown }).moduleId;
    const list = Array.isArray(ids) ? ids : [ids];
    return list.map((x) => Number(x)).filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}
