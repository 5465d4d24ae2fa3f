import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * The calls of one config resource of the Integrations settings (spec 3 §7): its list in the selected module, save
 * (POST without an id, PUT with one) and delete, each mutation refreshing the list. The field errors of a 400 are
 * left to the form (`isGlobalErrorSkipped`); other failures get the common toast from the form's save.
 */
export type ConfigResource<Row, Save> = {
  /** The query key's root: the list of one module sits under it. */
  key: string;
  list: () => Promise<Row[]>;
  create: (body: Save) => Promise<Row>;
  update: (body: Save) => Promise<Row>;
  remove: (row: Row) => Promise<unknown>;
};

/** What a form needs to save: the resource's key (to refresh its list), create and update. */
export type SaveTarget<Save> = Pick<ConfigResource<unknown, Save>, 'key' | 'create' | 'update'>;

export const configListKey = (key: string, moduleId: number) => ['integrations', key, moduleId] as const;

export function useConfigList<Row, Save>(resource: ConfigResource<Row, Save>, moduleId: number) {
  return useQuery({ queryKey: configListKey(resource.key, moduleId), queryFn: resource.list });
}

export function useSaveConfig<Save extends { id?: number | null }>(resource: SaveTarget<Save>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Save) => (body.id ? resource.update(body) : resource.create(body)),
    meta: { isGlobalErrorSkipped: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations', resource.key] }),
  });
}

export function useDeleteConfig<Row, Save>(resource: ConfigResource<Row, Save>, successMessage: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resource.remove,
    meta: { successMessage },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['integrations', resource.key] }),
  });
}
