import { type SamlConfig, type SamlConfigInput, samlConfigInputSchema, samlEndpoints } from '@recon/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';

export const samlConfigsQuery = queryOptions({
  queryKey: ['saml-configs'],
  queryFn: () => call(samlEndpoints.list),
});

/** GET v2/saml/config?Find=All: every SAML identity provider. */
export function useSamlConfigs() {
  return useQuery(samlConfigsQuery);
}

/** POST v2/saml/config, or PUT v2/saml/config/{id} when `id` is given. */
export async function saveSamlConfig({ id, body }: { id: number | null; body: SamlConfigInput }): Promise<SamlConfig> {
  const request = samlConfigInputSchema.parse(body);
  return id === null
    ? call(samlEndpoints.create, { body: request })
    : call(samlEndpoints.update, { params: { id }, body: request });
}

/** The caller shows field errors itself (saveWithFieldErrors); the list is read again after a save. */
export function useSaveSamlConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSamlConfig,
    meta: { successMessage, isGlobalErrorSkipped: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: samlConfigsQuery.queryKey }),
  });
}

/** DELETE v2/saml/config/{id}. */
export function useDeleteSamlConfig(successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(samlEndpoints.remove, { params: { id } }),
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: samlConfigsQuery.queryKey }),
  });
}
