import { type TicketOrigin, ticketSlaEndpoints } from '@recon/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { ticketsRoot } from './tickets-api';

/** GET /v2/ticketSla/counts: the tickets by status, the open ones by age, how many are overdue (decision 0032). */
export function useTicketSlaCounts(moduleId: number, origin: TicketOrigin) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'sla-counts', origin],
    queryFn: () => call(ticketSlaEndpoints.counts, { query: { origin } }),
    placeholderData: keepPreviousData,
  });
}
