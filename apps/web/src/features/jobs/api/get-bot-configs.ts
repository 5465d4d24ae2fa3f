import { type BotConfigsResponse, jobEndpoints } from '@recon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { loggedOptionFetch } from '@/lib/reads/option-fetch';
import { readKeys } from '@/lib/reads/read-keys';

/** GET /v2/jobs?Find=BotConfigs: the bot downloaders with their report types, sub types and durations. */
export async function getBotConfigs(): Promise<BotConfigsResponse> {
  return call(jobEndpoints.botConfigs);
}

/** The catalogue does not change while the app runs. Failed option fetches are only logged (spec 8). */
export const botConfigsQuery = queryOptions({
  queryKey: [...readKeys.jobs.root, 'bot-configs'],
  queryFn: () => loggedOptionFetch('bot', getBotConfigs),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { isGlobalErrorSkipped: true },
});

export function useBotConfigs(isEnabled = true) {
  return useQuery({ ...botConfigsQuery, enabled: isEnabled });
}
