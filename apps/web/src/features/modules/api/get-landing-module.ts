import { moduleEndpoints } from '@recon/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { readKeys } from '@/lib/reads/read-keys';

/** GET v2/modules?Find=Landing: the module to open after sign-in (the last worked in with data), or null. */
export async function getLandingModuleId(): Promise<number | null> {
  const answer = await call(moduleEndpoints.landing, { query: {} }, { isWithoutModule: true });
  return answer.moduleId;
}

/** Asked once per sign-in, only while no module is stored. */
export function useLandingModuleId(isWanted: boolean) {
  return useQuery({
    queryKey: readKeys.modules.landing(),
    queryFn: getLandingModuleId,
    enabled: isWanted,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
