import {
  type AutoTicketConfigAnswer,
  type AutoTicketConfigBody,
  type AutoTicketSaved,
  autoTicketEndpoints,
} from '@recon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

const key = (moduleId: number, dataSourceId: number) => ['auto-ticketing', moduleId, dataSourceId] as const;

/** GET v2/autoTicketConfig?Find=ByDataSource: the config (or null) and the drawer's choices. */
export function useAutoTicketConfig(moduleId: number, dataSourceId: number, isOpen: boolean) {
  return useQuery({
    queryKey: key(moduleId, dataSourceId),
    queryFn: (): Promise<AutoTicketConfigAnswer> =>
      call(autoTicketEndpoints.byDataSource, { query: { Find: 'ByDataSource', dataSourceId } }),
    enabled: isOpen,
  });
}

/** POST (no id) or PUT (with id) v2/autoTicketConfig; the toast is the spec's text for each. */
export function useSaveAutoTicketConfig(moduleId: number, dataSourceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AutoTicketConfigBody): Promise<AutoTicketSaved> =>
      body.id ? call(autoTicketEndpoints.update, { body }) : call(autoTicketEndpoints.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(moduleId, dataSourceId) }),
  });
}

/** DELETE v2/autoTicketConfig/{autoTicketingId}. */
export function useDeleteAutoTicketConfig(moduleId: number, dataSourceId: number, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoTicketingId: number) => call(autoTicketEndpoints.delete, { params: { autoTicketingId } }),
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(moduleId, dataSourceId) }),
  });
}
