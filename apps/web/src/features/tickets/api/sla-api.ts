import { type TicketOrigin, type TicketSlaRuleBody, ticketSlaEndpoints } from '@recon/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** GET /v2/ticketSla: the module's rule (or null) and whom it may escalate to. */
export function useTicketSlaRule(moduleId: number, isOpen: boolean) {
  return useQuery({
    queryKey: [...ticketsRoot(moduleId), 'sla-rule'],
    queryFn: () => call(ticketSlaEndpoints.rule),
    enabled: isOpen,
  });
}

/** PUT /v2/ticketSla: "SLA rule saved". */
export function useSaveTicketSlaRule(moduleId: number, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketSlaRuleBody) => call(ticketSlaEndpoints.save, { body }),
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsRoot(moduleId) }),
  });
}
