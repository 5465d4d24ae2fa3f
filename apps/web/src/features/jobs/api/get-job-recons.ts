import { useQuery } from '@tanstack/react-query';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { getReconOptions, reconOptionsQuery } from '@/lib/reads/recons';

/** Every recon of the selected module, for the RECON picker. */
export function useJobRecons(moduleId: number, isEnabled = true) {
  return useQuery({
    ...reconOptionsQuery(moduleId),
    queryFn: () => loggedOptionFetch('recon', () => getReconOptions(moduleId)),
    staleTime: 60_000,
    meta: { isGlobalErrorSkipped: true },
    enabled: isEnabled,
  });
}
