import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { errorMessagesFor, httpStatusOf } from '@/lib/http-errors';
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

const MAX_QUERY_RETRIES = 3;

/**
 * App defaults from the spec: no refetch on window focus, 30 s cache time. Network failures are already
 * retried by the HTTP client, and a 4xx will not change by asking again, so only server errors retry.
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
        retry: (failureCount, error) => failureCount < MAX_QUERY_RETRIES && (httpStatusOf(error) ?? 0) >= 500,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
