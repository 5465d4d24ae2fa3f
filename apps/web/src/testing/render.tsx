import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { AccessContextProvider } from '@/lib/access-context';
import { createQueryClient } from '@/lib/query-client';

/** The app's own query client: an answer with a status fails at once, as in the app. */
export function testQueryClient(): QueryClient {
  return createQueryClient();
}

type Options = { path?: string; initialEntry?: string; routes?: RouteObject[]; client?: QueryClient };

/** Renders a page at a route, with the query client and a memory router (other routes show their path). */
export function renderRoute(element: ReactElement, options: Options = {}) {
  const client = options.client ?? testQueryClient();
  const path = options.path ?? '/';
  const router = createMemoryRouter(
    [{ path, element }, ...(options.routes ?? []), { path: '*', element: <CurrentPath /> }],
    { initialEntries: [options.initialEntry ?? path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

/** Stands in for every route a test does not render: shows where the app went. */
function CurrentPath() {
  const location = useLocation();
  return <div data-testid="current-path">{`${location.pathname}${location.search}`}</div>;
}

/** Gives a component the access context of a signed-in user holding these privilege codes. */
export function WithAccess({ codes, children }: { codes: readonly string[]; children: ReactNode }) {
  return (
    <AccessContextProvider
      value={{ held: new Set(codes), navFilter: { sections: {}, features: {} }, refreshPrivileges: async () => {} }}
    >
      {children}
    </AccessContextProvider>
  );
}
