import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessagesFor } from '@/lib/http-errors';
import { showErrorToast, showSuccessToast } from '@/lib/toast';

/** What a query or mutation can tell the common handlers. */
export type AppMeta = {
  /** The caller shows its own error; the global error toast stays quiet. */
  isGlobalErrorSkipped?: boolean;
  /** A mutation's success toast text. */
  successMessage?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** Shows the catalogue's toast for a failed call. */
export async function notifyHttpError(error: unknown): Promise<void> {
  showErrorToast(await errorMessagesFor(error));
}

/**
 * App defaults from the spec: no refetch on window focus, 30 s cache time. The spec's only retries are the HTTP
 * client's, on network failures (no answer); an answer with a status, a 5xx included, fails at once, so its error
 * state and toast show without waiting out retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.isGlobalErrorSkipped) void notifyHttpError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.isGlobalErrorSkipped) void notifyHttpError(error);
      },
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.successMessage) showSuccessToast(mutation.meta.successMessage);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        gcTime: 30_000,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
