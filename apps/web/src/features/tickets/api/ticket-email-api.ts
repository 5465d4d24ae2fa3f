import { type TicketEmailThread, ticketEmailEndpoints } from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { ticketsRoot } from './tickets-api';

/** A ticket's e-mail thread (decision 0030): GET v2/tickets/{id}/email, oldest first. */
export const ticketEmailKey = (moduleId: number, id: number) => [...ticketsRoot(moduleId), 'email', id] as const;

export function useTicketEmail(moduleId: number, id: number) {
  return useQuery({
    queryKey: ticketEmailKey(moduleId, id),
    queryFn: () => call(ticketEmailEndpoints.thread, { params: { id } }),
  });
}

/** Each call answers the whole thread: it replaces the cached one. Errors are shown by the thread itself. */
function useThreadMutation<V, A extends TicketEmailThread>(moduleId: number, id: number, fn: (v: V) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { isGlobalErrorSkipped: true },
    onSuccess: (answer) => queryClient.setQueryData(ticketEmailKey(moduleId, id), { data: answer.data }),
  });
}

/** PUT v2/tickets/{id}/email/trigger: the ticket to its outside people. */
export const useTriggerTicketEmail = (moduleId: number, id: number) =>
  useThreadMutation(moduleId, id, () => call(ticketEmailEndpoints.trigger, { params: { id }, body: {} }));

/** PUT v2/tickets/{id}/email/reply. */
export const useReplyTicketEmail = (moduleId: number, id: number) =>
  useThreadMutation(moduleId, id, (body: string) =>
    call(ticketEmailEndpoints.reply, { params: { id }, body: { body } }),
  );

/** PUT v2/tickets/{id}/email/refresh: how many replies came in. */
export const useRefreshTicketEmail = (moduleId: number, id: number) =>
  useThreadMutation(moduleId, id, () => call(ticketEmailEndpoints.refresh, { params: { id }, body: {} }));
