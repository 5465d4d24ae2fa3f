import { type GlobalSetting, type SettingGroup, settingEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';

/** GET v2/globalsettings?Find=BySettingGroup&settingGroup=…: one group of settings (signed-in only). */
export async function getGlobalSettings(settingGroup: SettingGroup): Promise<GlobalSetting[]> {
  return (await call(settingEndpoints.byGroup, { query: { settingGroup } })).data;
}

export function globalSettingsQuery(settingGroup: SettingGroup) {
  return queryOptions({
    queryKey: ['global-settings', settingGroup],
    queryFn: () => getGlobalSettings(settingGroup),
    staleTime: 10 * 60_000,
    // A user without access to a group simply gets the defaults; that is not worth a toast.
    meta: { isGlobalErrorSkipped: true },
  });
}

export function useGlobalSettings(settingGroup: SettingGroup, isEnabled = true) {
  return useQuery({ ...globalSettingsQuery(settingGroup), enabled: isEnabled });
}
