import {
  type GlobalSetting,
  NAV_FEATURE_SETTING_KEYS,
  NAV_SECTION_SETTING_KEYS,
  parseFeatureModules,
  parseModuleIdList,
} from '@recon/contract';
import type { ModuleNavFilter } from '@recon/contract/nav';

/**
 * The SHOW_NAV_ITEM_FOR_MODULES settings as visibleNav() wants them: section keys hold comma-separated
 * module ids, feature keys a JSON {"moduleId": [...]}. A feature key that is not set leaves the feature
 * visible everywhere; a section key that is not set hides the section.
 */
export function navFilterFromSettings(settings: readonly GlobalSetting[]): ModuleNavFilter {
  const settingValue = (key: string) => settings.find((s) => s.settingKey === key)?.settingValue;
  const sections: Record<string, number[]> = {};
  for (const key of NAV_SECTION_SETTING_KEYS) sections[key] = parseModuleIdList(settingValue(key));
  const features: Record<string, number[]> = {};
  for (const key of NAV_FEATURE_SETTING_KEYS) {
    const value = settingValue(key);
    if (value !== undefined) features[key] = parseFeatureModules(value);
  }
  return { sections, features };
}
